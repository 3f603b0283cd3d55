import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Global unicast IPv6 (2000::/3): everything else (::/96 IPv4-compatible, site-local, discard…) is not the Internet. */
const GLOBAL_IPV6 = ipaddr.parseCIDR('2000::/3');
/** NAT64's well-known prefix: the address stands for the IPv4 address in its last 32 bits (RFC 6052). */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * Only ordinary public unicast addresses: not loopback, private, link-local (cloud metadata), CGNAT, multicast,
 * unspecified, documentation, benchmarking, reserved, IPv4-compatible, 6to4 or Teredo (ipaddr.js names every such
 * range; what it calls `unicast` is what is left). An IPv4-mapped address is judged as its IPv4 address, and so is
 * a NAT64 one (a DNS64 resolver gives every public IPv4 name one), so neither form smuggles in a private address.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return addr.range() === 'unicast';
  const v6 = addr as ipaddr.IPv6;
  if (v6.match(NAT64)) return isPublicAddress(ipaddr.fromByteArray(v6.toByteArray().slice(12)).toString());
  return v6.match(GLOBAL_IPV6) && v6.range() === 'unicast';
}

const hostOf = (u: URL): string => u.hostname.replace(/^\[|\]$/g, '');
/** `localhost`, `x.localhost` (RFC 6761), with or without the root's trailing dot. */
const isLocalName = (host: string): boolean => /(^|\.)localhost\.?$/.test(host.toLowerCase());

/**
 * What is wrong with an endpoint URL (null when nothing): http(s), no credentials, public unless allowed. The URL
 * parser has already turned every spelling of an IPv4 address (decimal, hex, octal, short forms, full-width digits)
 * into dotted decimal and IPv4-mapped IPv6 into hex, so one check of the host covers them all.
 */
export function endpointProblem(raw: string, allowPrivate: boolean): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'not_a_url';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'not_http';
  if (u.username !== '' || u.password !== '') return 'credentials_in_url';
  if (!allowPrivate && isPrivateTarget(u)) return 'private_target';
  return null;
}

/** The host is an IP address that is not public, or a name that always means this machine. */
export function isPrivateTarget(u: URL): boolean {
  const host = hostOf(u);
  return ipaddr.isValid(host) ? !isPublicAddress(host) : isLocalName(host);
}

/** A connection was not made because the target is (or its name resolves to) a private or loopback address. */
export class PrivateTargetError extends Error {
  override readonly name = 'PrivateTargetError';
}

/** How names are resolved (node:dns `lookup`, or a fixed table in tests). */
export type Resolve = (hostname: string, options: LookupOptions & { all: true }, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

export const systemResolve: Resolve = (hostname, options, callback) => dnsLookup(hostname, options, callback);

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for net/tls connect that answers what `resolve` answers (every address when asked for all). */
export function lookupWith(resolve: Resolve, allowed: (addresses: LookupAddress[], hostname: string) => Error | null = () => null): LookupFunction {
  return ((hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const refused = allowed(addresses, hostname);
      if (refused) return callback(refused, []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      return callback(null, first.address, first.family);
    });
  }) as LookupFunction;
}

/**
 * A lookup that refuses a name any of whose addresses is not public, used at connect time: a name accepted at
 * registration cannot be pointed at the inside afterwards (DNS rebinding), and the address checked is the one
 * connected to.
 */
export function publicLookup(resolve: Resolve = systemResolve): LookupFunction {
  return lookupWith(resolve, (addresses, hostname) =>
    addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address)) ? new PrivateTargetError(`${hostname} resolves to a private address`) : null,
  );
}
