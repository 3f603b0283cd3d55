import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The header every node-to-node request carries (docs/SECURITY.md item 5, docs/DEPLOYMENT.md):
 * `x-rampart-signature: t=<unix ms>,node=<sender's RAMPART_NODE_ID>,nonce=<16 bytes, base64url, never repeated by a sender>,v1=<mac>`,
 * where mac is the base64url HMAC-SHA256, keyed with the node secret, of the lines of `signedText`.
 */
export const SIGNATURE_HEADER = 'x-rampart-signature';

/** How far a request's signing time may be from the receiver's wall clock, either way: node-to-node freshness. */
export const SIGNATURE_WINDOW_MS = 30_000;

const VERSION = 'rampart-node-v1';
const HEADER_RE = /^t=(\d{1,15}),node=([A-Za-z0-9._:-]{1,100}),nonce=([A-Za-z0-9_-]{22}),v1=([A-Za-z0-9_-]{43})$/;

export interface SignatureParts {
  /** When the sender signed (its wall clock, unix ms). */
  readonly signedAt: number;
  readonly node: string;
  readonly nonce: string;
  readonly mac: Buffer;
}

/** What the MAC covers. `to` is the receiver's advertised internal URL, so a request signed for one node is refused by the others. */
export interface SignedRequest {
  readonly to: string;
  readonly method: string;
  /** Path and query, as on the request line. */
  readonly url: string;
  readonly body: Buffer | string;
  /**
   * A forwarded public request's headers (src/cluster/forward-wire.ts `headerLines`): their digest is one more line,
   * so a message signed with headers never checks as one without, nor the reverse.
   */
  readonly headers?: string;
}

/** Why a request is refused: no header, not of the form, out of the window, a MAC that does not match, or a nonce seen before. */
export type SignatureFault = 'missing' | 'malformed' | 'stale' | 'mismatch' | 'replayed';

export const bodyDigest = (body: Buffer | string): string => createHash('sha256').update(body).digest('hex');

/** One field a line: a field can hold no newline (the URL's request line cannot either), so no two requests sign alike. */
export function signedText(parts: { signedAt: number; node: string; nonce: string }, req: SignedRequest): string {
  const lines = [VERSION, String(parts.signedAt), parts.node, parts.nonce, req.to, req.method.toUpperCase(), req.url, bodyDigest(req.body)];
  if (req.headers !== undefined) lines.push(bodyDigest(req.headers));
  return lines.join('\n');
}

const macOf = (secret: string, text: string): Buffer => createHmac('sha256', secret).update(text).digest();

/** The header's fields, or the fault: missing, repeated (Node joins repeats with ", ") or not of the form. */
export function parseSignature(value: string | string[] | undefined): SignatureParts | SignatureFault {
  if (value === undefined) return 'missing';
  const m = typeof value === 'string' ? HEADER_RE.exec(value) : null;
  if (!m) return 'malformed';
  const mac = Buffer.from(m[4]!, 'base64url');
  if (mac.length !== 32) return 'malformed';
  return { signedAt: Number(m[1]), node: m[2]!, nonce: m[3]!, mac };
}

/** Within the window of the receiver's wall clock (either side: clocks of nodes differ a little). */
export function fresh(parts: SignatureParts, now: number): boolean {
  return Math.abs(now - parts.signedAt) <= SIGNATURE_WINDOW_MS;
}

/** Compares in constant time: nothing about the expected MAC leaks through timing. */
export function macMatches(secret: string, parts: SignatureParts, req: SignedRequest): boolean {
  return timingSafeEqual(parts.mac, macOf(secret, signedText(parts, req)));
}

/**
 * Signs this node's requests to the others. A nonce is 16 bytes: 10 random ones drawn when the signer is made and a
 * 6-byte count of the requests it signed — never the same twice in a process, and another process (a restart
 * included) draws its own 10 bytes; no call to the random source per request.
 */
export class NodeSigner {
  private readonly nonce = randomBytes(16);
  private count = 0;

  constructor(
    private readonly secret: string,
    readonly nodeId: string,
    /** Wall time: freshness between nodes is not the engine's (manual) time. */
    private readonly wallNow: () => number = Date.now,
  ) {}

  /** The header value for a request to `req.to` (a new nonce each time). */
  sign(req: SignedRequest): string {
    this.nonce.writeUIntBE(++this.count % 2 ** 48, 10, 6);
    const parts = { signedAt: this.wallNow(), node: this.nodeId, nonce: this.nonce.toString('base64url') };
    const mac = macOf(this.secret, signedText(parts, req)).toString('base64url');
    return `t=${parts.signedAt},node=${parts.node},nonce=${parts.nonce},v1=${mac}`;
  }
}
