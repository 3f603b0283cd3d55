import ipaddr from 'ipaddr.js';

/**
 * The network a sign-in comes from, as budgets and lock-outs count it: an IPv4 address as it is (an IPv4-mapped IPv6
 * address as its IPv4), an IPv6 address as its /64 — one subscriber usually holds a whole /64, so counting single
 * IPv6 addresses would give each of them 2^64 fresh budgets.
 */
export function clientNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}
