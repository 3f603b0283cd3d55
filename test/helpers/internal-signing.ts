import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * A node-to-node request signed as docs/DEPLOYMENT.md describes it, written here from the documentation (not with
 * the service's own signer), so the tests hold the wire format and not only the code:
 * `x-rampart-signature: t=<ms>,node=<id>,nonce=<22 base64url>,v1=<base64url HMAC-SHA256>` over the lines
 * `rampart-node-v1`, t, node, nonce, the receiver's internal URL, METHOD, path?query, hex SHA-256 of the body.
 */
export interface Signing {
  secret: string;
  /** The receiver's internal URL (as in GET /admin/v1/cluster). */
  to: string;
  method?: string;
  path: string;
  body?: string;
  /** Default: now on the wall clock. */
  at?: number;
  node?: string;
  nonce?: string;
}

export function signature(o: Signing): string {
  const at = o.at ?? Date.now();
  const node = o.node ?? 'test-signer';
  const nonce = o.nonce ?? randomBytes(16).toString('base64url');
  const digest = createHash('sha256').update(o.body ?? '').digest('hex');
  const text = ['rampart-node-v1', String(at), node, nonce, o.to, o.method ?? 'POST', o.path, digest].join('\n');
  const mac = createHmac('sha256', o.secret).update(text).digest('base64url');
  return `t=${at},node=${node},nonce=${nonce},v1=${mac}`;
}

export interface InternalAnswer {
  status: number;
  headers: Headers;
  body: any;
}

/** Sends a request to an internal listener as is (headers and body given), and reads its JSON answer. */
export async function sendInternal(base: string, path: string, o: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<InternalAnswer> {
  const res = await fetch(`${base}${path}`, {
    method: o.method ?? 'POST',
    headers: { ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}), ...o.headers },
    ...(o.body !== undefined ? { body: o.body } : {}),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    /* not JSON: the assertion that follows says so */
  }
  return { status: res.status, headers: res.headers, body };
}

/** Signs `body` for `path` on the listener at `to` and sends it: what a node of the cluster does. */
export function sendSigned(secret: string, to: string, path: string, body: unknown, extra: Partial<Signing> = {}): Promise<InternalAnswer> {
  const text = JSON.stringify(body);
  return sendInternal(to, path, { body: text, headers: { 'x-rampart-signature': signature({ secret, to, path, body: text, ...extra }) } });
}

/**
 * A public request forwarded to a partition's owner, signed as docs/DEPLOYMENT.md "Forwarded requests" describes: the
 * lines above plus one more, the hex SHA-256 of the headers sent (but Host, Connection, Content-Length, the other hop
 * headers and the signature), one `name:value` line each, names in lower case, in order.
 */
export interface Forwarding {
  secret: string;
  to: string;
  method: string;
  path: string;
  /** Flat name, value list, sent in this order; `x-rampart-forward: <environment> <account> <client address>` among them. */
  headers: string[];
  body?: string;
  /** Headers sent but left out of the signature (a tampering test). */
  unsigned?: string[];
  /** The signature to send instead of a good one (or null: none). */
  signatureHeader?: string | null;
}

/** The signature header a node would send for this forwarded request (a fresh nonce). */
export function signatureOf(o: Forwarding): string {
  const lines = o.headers.flatMap((v, i) => (i % 2 === 0 ? [`${v.toLowerCase()}:${o.headers[i + 1]}\n`] : [])).join('');
  const at = Date.now();
  const nonce = randomBytes(16).toString('base64url');
  const text = [
    'rampart-node-v1',
    String(at),
    'test-signer',
    nonce,
    o.to,
    o.method,
    o.path,
    createHash('sha256').update(o.body ?? '').digest('hex'),
    createHash('sha256').update(lines).digest('hex'),
  ].join('\n');
  return `t=${at},node=test-signer,nonce=${nonce},v1=${createHmac('sha256', o.secret).update(text).digest('base64url')}`;
}

/** Sends a forwarded request to the internal listener `o.to`, signed (or as `signatureHeader` says); `sentSignature` is what it sent. */
export async function sendForwarded(o: Forwarding): Promise<InternalAnswer & { sentSignature: string | null }> {
  const { request } = await import('undici');
  const sig = o.signatureHeader === undefined ? signatureOf(o) : o.signatureHeader;
  const headers = [...o.headers, ...(o.unsigned ?? []), ...(sig === null ? [] : ['x-rampart-signature', sig])];
  const res = await request(`${o.to}${o.path}`, { method: o.method as 'GET', headers, body: o.body ?? null });
  const raw = await res.body.text();
  const h = new Headers();
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) for (const one of [v].flat()) h.append(k, one);
  let body: unknown = raw;
  try {
    body = raw === '' ? undefined : JSON.parse(raw);
  } catch {
    /* not JSON */
  }
  return { status: res.statusCode, headers: h, body, sentSignature: sig };
}
