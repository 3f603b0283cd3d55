import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';

/** Only ordinary public unicast addresses: not loopback, private, link-local, CGNAT, multicast, reserved… */
export function isPublicAddress(ip: string): boolean {
  return ipaddr.isValid(ip) && ipaddr.process(ip).range() === 'unicast';
}

const hostOf = (u: URL): string => u.hostname.replace(/^\[|\]$/g, '');
const isLocalName = (host: string): boolean => host === 'localhost' || host.endsWith('.localhost');

/** What is wrong with an endpoint URL (null when nothing): http(s), no credentials, public unless allowed. */
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

/** The host is a private or loopback address, or a name that always means this machine. */
export function isPrivateTarget(u: URL): boolean {
  const host = hostOf(u);
  return ipaddr.isValid(host) ? !isPublicAddress(host) : isLocalName(host.toLowerCase());
}

export class PrivateTargetError extends Error {
  override readonly name = 'PrivateTargetError';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A DNS lookup that refuses names resolving to a private or loopback address, used at connect time so a name
 * cannot be pointed at the inside after the endpoint was accepted (DNS rebinding).
 */
export function publicLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad || addresses.length === 0) return callback(new PrivateTargetError(`${hostname} resolves to a private address`), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    return callback(null, first.address, first.family);
  });
}
