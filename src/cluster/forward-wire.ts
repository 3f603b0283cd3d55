import type { Environment } from '../schemas/common.js';
import { SIGNATURE_HEADER } from './node-signature.js';

/**
 * A public request forwarded to its partition's owner travels as itself (docs/DEPLOYMENT.md "Forwarded requests"):
 * the same method, path and body, the client's headers in their order with their repeats, plus this header — the
 * environment, the account and the client's address as the receiving node judged it — and the node signature over
 * all of it. The owner's internal listener checks the signature and hands the request to its public API as if it had
 * landed there; the API's answer goes back on the same connection, unchanged.
 */
export const FORWARD_HEADER = 'x-rampart-forward';

/**
 * On an answer of the owner's internal listener itself, not of its public API: why it refused the forward
 * (`not_owner`: ask the lease table again; `invalid_node_signature`). A public answer never carries it.
 */
export const REFUSAL_HEADER = 'x-rampart-node-refusal';

/** The hop's own headers: framing and connection, set by each hop's HTTP client; never copied nor signed. */
const HOP = ['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'proxy-connection', 'te', 'trailer', 'expect'];
const UNSIGNED = new Set([...HOP, SIGNATURE_HEADER]);
const NOT_COPIED = new Set([...UNSIGNED, FORWARD_HEADER]);

/** The client's headers to send on (flat name, value list as Node's rawHeaders): the hop's own and ours left out. */
export function headersToForward(raw: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) if (!NOT_COPIED.has(raw[i]!.toLowerCase())) out.push(raw[i]!, raw[i + 1]!);
  return out;
}

/**
 * What the signature covers of a forward's headers: each `name:value` on a line (names in lower case, values as sent),
 * in order, the hop's own and the signature left out. A header value holds no newline (HTTP forbids it), a name no colon.
 */
export function headerLines(raw: readonly string[]): string {
  let text = '';
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (!UNSIGNED.has(name)) text += `${name}:${raw[i + 1]!}\n`;
  }
  return text;
}

/** What the forward header says. */
export interface ForwardMeta {
  environment: Environment;
  accountId: string;
  /**
   * The client's address on the node it reached (its trust-proxy setting applied there): what Fastify's request.ip
   * said, which behind a trusted proxy is the X-Forwarded-For entry as written, not always an IP address.
   */
  clientIp: string;
}

/** `<environment> <account id> <client address, percent-encoded>`. */
export const forwardMeta = (m: ForwardMeta): string => `${m.environment} ${m.accountId} ${encodeURIComponent(m.clientIp)}`;

const ACCOUNT_RE = /^[A-Za-z0-9_-]{1,100}$/;

/** The header's fields, or null when it is not of the form (one value, three fields, a known environment, an address). */
export function parseForwardMeta(value: string | string[] | undefined): ForwardMeta | null {
  if (typeof value !== 'string') return null;
  const [environment, accountId, encoded, extra] = value.split(' ');
  if (extra !== undefined || (environment !== 'live' && environment !== 'sandbox')) return null;
  if (!accountId || !ACCOUNT_RE.test(accountId) || !encoded || encoded.length > 300) return null;
  let clientIp: string;
  try {
    clientIp = decodeURIComponent(encoded);
  } catch {
    return null;
  }
  return { environment, accountId, clientIp };
}
