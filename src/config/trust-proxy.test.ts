import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { fastifyTrustProxy, parseTrustProxy } from './trust-proxy.js';

describe('RAMPART_TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['off', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8,127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
    [' 10.0.0.0/8 , 2001:db8::/32 ,::1 ', ['10.0.0.0/8', '2001:db8::/32', '::1']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('%s → %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it.each(['true', 'all', 'TRUE', 'yes', '*'])('refuses %s at start: trusting every hop is the hole', (value) => {
    expect(() => loadConfig({ RAMPART_TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ RAMPART_TRUST_PROXY: value })).toThrow(
      `RAMPART_TRUST_PROXY=${value} would trust every X-Forwarded-For entry, so any client could claim any address; give the number of proxies in front of Rampart (1) or their addresses and CIDRs (10.0.0.0/8,127.0.0.1)`,
    );
  });

  it.each([
    ['0.0.0.0/0', /"0.0.0.0\/0" trusts every address/],
    ['10.0.0.0/8,::/0', /"::\/0" trusts every address/],
    ['10.0.0.0/33', /"10.0.0.0\/33" has no valid prefix length \(0–32\)/],
    ['10.0.0.0/x', /no valid prefix length/],
    ['proxy.internal', /"proxy.internal" is not an IP address or CIDR/],
    ['10.1', /"10.1" is not an IP address or CIDR/],
    ['10.0.0.0/8,', /"" is not an IP address or CIDR/],
    ['10.0.0.0/8/9', /is not an IP address or CIDR/],
    ['33', /at most 32 proxies, got 33/],
  ])('refuses %s with a message naming it', (value, message) => {
    expect(() => loadConfig({ RAMPART_TRUST_PROXY: value })).toThrow(message);
  });

  it('gives Fastify a hop count as a function trusting the first n hops, and a list as it is', () => {
    const hops = fastifyTrustProxy(2);
    expect(typeof hops).toBe('function');
    const trust = hops as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((i) => trust('203.0.113.7', i))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    expect(fastifyTrustProxy(false)).toBe(false);
  });
});
