import ipaddr from 'ipaddr.js';
import { ApiError } from '../errors/api-error.js';
import { parseDec } from '../engine/decimal.js';
import type { Fences } from '../store/port.js';

export interface FenceInput {
  markets?: string[] | null | undefined;
  reduce_only?: boolean | undefined;
  max_order_usd?: string | null | undefined;
  max_position_usd?: string | null | undefined;
  loss_stop_usd?: string | null | undefined;
  ip_allowlist?: string[] | null | undefined;
}

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * Parses an address, IPv4 only as four decimal parts ("10.0.0.1", also inside "::ffff:10.0.0.1"): ipaddr.js
 * alone also reads "010.0.0.1" as octal (8.0.0.1), "0x7f.0.0.1", "127.1" and "2130706433", which in an
 * allowlist would admit hosts other than the ones meant. Throws on anything else.
 */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 {
  if (ipaddr.IPv6.isValid(text)) {
    const tail = /([^:%]*)(%.*)?$/.exec(text)?.[1] ?? '';
    if (tail.includes('.') && !ipaddr.IPv4.isValidFourPartDecimal(tail)) throw new Error(`not an IP address: ${text}`);
    return ipaddr.IPv6.parse(text);
  }
  if (!ipaddr.IPv4.isValidFourPartDecimal(text)) throw new Error(`not an IP address: ${text}`);
  return ipaddr.IPv4.parse(text);
}

/** Parses "10.0.0.0/8", "2001:db8::/32" or a bare address (one host). */
export function parseCidr(text: string): Cidr | undefined {
  try {
    const slash = text.indexOf('/');
    if (slash >= 0) {
      parseAddress(text.slice(0, slash));
      return ipaddr.parseCIDR(text);
    }
    const addr = parseAddress(text);
    return [addr, addr.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return undefined;
  }
}

/** True when the address is inside one of the ranges; IPv4-mapped IPv6 addresses count as their IPv4. */
export function ipAllowed(address: string, allowlist: readonly string[]): boolean {
  if (allowlist.length === 0) return true;
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = parseAddress(address);
  } catch {
    return false;
  }
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  for (const entry of allowlist) {
    const cidr = parseCidr(entry);
    if (!cidr) continue;
    let [range] = cidr;
    const [, bits] = cidr;
    if (range.kind() === 'ipv6' && (range as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
      range = (range as ipaddr.IPv6).toIPv4Address();
      if (addr.kind() === 'ipv4' && addr.match([range, bits - 96])) return true;
      continue;
    }
    if (addr.kind() === range.kind() && addr.match(cidr)) return true;
  }
  return false;
}

function money(name: string, value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const d = parseDec(value);
  if (d === undefined || d <= 0n) {
    throw new ApiError('invalid_request', { message: `${name} must be a positive decimal string`, details: { field: name } });
  }
  return value;
}

/** Validates the fences of a new key or token against the markets offered. */
export function normalizeFences(input: FenceInput, marketIds: ReadonlySet<string>): Fences {
  let markets: string[] | null = null;
  if (input.markets !== undefined && input.markets !== null) {
    const unknown = input.markets.filter((m) => !marketIds.has(m));
    if (input.markets.length === 0 || unknown.length > 0) {
      throw new ApiError('invalid_request', {
        message: input.markets.length === 0 ? 'markets must name at least one market (or be null for all)' : `unknown markets: ${unknown.join(', ')}`,
        details: { field: 'markets', unknown },
      });
    }
    markets = [...new Set(input.markets)];
  }
  const ipAllowlist = input.ip_allowlist ?? [];
  const bad = ipAllowlist.filter((c) => parseCidr(c) === undefined);
  if (bad.length > 0) {
    throw new ApiError('invalid_request', { message: `not a CIDR range: ${bad.join(', ')}`, details: { field: 'ip_allowlist', invalid: bad } });
  }
  return {
    markets,
    reduce_only: input.reduce_only ?? false,
    max_order_usd: money('max_order_usd', input.max_order_usd),
    max_position_usd: money('max_position_usd', input.max_position_usd),
    loss_stop_usd: money('loss_stop_usd', input.loss_stop_usd),
    ip_allowlist: ipAllowlist,
  };
}
