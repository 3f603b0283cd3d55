import ipaddr from 'ipaddr.js';

/**
 * RAMPART_TRUST_PROXY: who may tell Rampart the client's address in X-Forwarded-For. `false`: nobody (the socket's
 * address is the client); a number n: n proxies in front, the client being the n-th entry from the right (the
 * address the outermost proxy saw); a list: the proxies' addresses and CIDRs, the client being the first address,
 * from the socket's peer leftwards, that is not one of them. Never every hop: the leftmost entry is whatever the
 * client wrote.
 */
export type TrustProxy = false | number | readonly string[];

export class TrustProxySettingError extends Error {
  override readonly name = 'TrustProxySettingError';
}

const MAX_HOPS = 32;
/** The names @fastify/proxy-addr knows (loopback 127.0.0.1/8 and ::1, link-local, unique-local and RFC 1918). */
const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);
const EVERYONE = new Set(['true', 'all', 'on', 'yes', '*']);
const NOBODY = new Set(['', '0', 'false', 'off', 'no']);
const HOW = 'give the number of proxies in front of Rampart (1) or their addresses and CIDRs (10.0.0.0/8,127.0.0.1)';

const isAddress = (s: string): boolean => ipaddr.IPv4.isValidFourPartDecimal(s) || ipaddr.IPv6.isValid(s);

/** One entry of the list: an address, a CIDR with a prefix of at least 1, or a name of proxy-addr's. */
function checkEntry(entry: string): void {
  if (NAMED.has(entry)) return;
  const [address = '', prefix, ...rest] = entry.split('/');
  if (!isAddress(address) || rest.length > 0) throw new TrustProxySettingError(`RAMPART_TRUST_PROXY: "${entry}" is not an IP address or CIDR; ${HOW}`);
  if (prefix === undefined) return;
  const max = ipaddr.parse(address).kind() === 'ipv4' ? 32 : 128;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
  if (!(bits >= 0 && bits <= max)) throw new TrustProxySettingError(`RAMPART_TRUST_PROXY: "${entry}" has no valid prefix length (0–${max}); ${HOW}`);
  if (bits === 0) throw new TrustProxySettingError(`RAMPART_TRUST_PROXY: "${entry}" trusts every address, so any client could claim any address; ${HOW}`);
}

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (NOBODY.has(v.toLowerCase())) return false;
  if (EVERYONE.has(v.toLowerCase())) {
    throw new TrustProxySettingError(`RAMPART_TRUST_PROXY=${v} would trust every X-Forwarded-For entry, so any client could claim any address; ${HOW}`);
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > MAX_HOPS) throw new TrustProxySettingError(`RAMPART_TRUST_PROXY: at most ${MAX_HOPS} proxies, got ${v}`);
    return hops;
  }
  const entries = v.split(',').map((e) => e.trim());
  for (const e of entries) checkEntry(e);
  return entries;
}

/**
 * Fastify's `trustProxy` for the setting. A list is passed as it is. A bare number Fastify now takes as "trust
 * nothing" (a count cannot tell the nearest proxy from a client that reached the listener directly), so a count is
 * passed as a trust function: the first n hops — the socket's peer, then X-Forwarded-For from the right — are
 * proxies. That only proxies reach the listeners is then the operator's to ensure (docs/DEPLOYMENT.md; start-up
 * warns when an API listener is off loopback).
 */
export function fastifyTrustProxy(t: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (t === false) return false;
  if (typeof t === 'number') return (_address, hop) => hop < t;
  return [...t];
}
