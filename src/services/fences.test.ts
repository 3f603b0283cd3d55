import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error.js';
import { ipAllowed, normalizeFences, parseCidr } from './fences.js';

describe('ipAllowed', () => {
  it('allows every address when the allowlist is empty', () => {
    expect(ipAllowed('127.0.0.1', [])).toBe(true);
    expect(ipAllowed('2001:db8::1', [])).toBe(true);
    expect(ipAllowed('::ffff:10.1.2.3', [])).toBe(true);
  });

  it('matches IPv4 addresses against IPv4 CIDR ranges', () => {
    expect(ipAllowed('10.0.0.1', ['10.0.0.0/8'])).toBe(true);
    expect(ipAllowed('10.255.255.255', ['10.0.0.0/8'])).toBe(true);
    expect(ipAllowed('11.0.0.0', ['10.0.0.0/8'])).toBe(false);
    expect(ipAllowed('9.255.255.255', ['10.0.0.0/8'])).toBe(false);
    expect(ipAllowed('192.168.1.200', ['192.168.1.128/25'])).toBe(true);
    expect(ipAllowed('192.168.1.127', ['192.168.1.128/25'])).toBe(false);
    expect(ipAllowed('127.0.0.1', ['0.0.0.0/0'])).toBe(true);
  });

  it('allows when any one entry of several matches', () => {
    expect(ipAllowed('172.16.5.4', ['10.0.0.0/8', '172.16.0.0/12'])).toBe(true);
    expect(ipAllowed('172.32.0.1', ['10.0.0.0/8', '172.16.0.0/12'])).toBe(false);
  });

  it('matches IPv6 addresses against IPv6 CIDR ranges', () => {
    expect(ipAllowed('2001:db8::1', ['2001:db8::/32'])).toBe(true);
    expect(ipAllowed('2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', ['2001:db8::/32'])).toBe(true);
    expect(ipAllowed('2001:0db8:0000:0000:0000:0000:0000:0001', ['2001:db8::/32'])).toBe(true);
    expect(ipAllowed('2001:db9::1', ['2001:db8::/32'])).toBe(false);
    expect(ipAllowed('2001:db7:ffff::1', ['2001:db8::/32'])).toBe(false);
    expect(ipAllowed('::1', ['::1/128'])).toBe(true);
  });

  it('never matches across families (an IPv6 range does not admit IPv4 and the reverse)', () => {
    expect(ipAllowed('2001:db8::1', ['0.0.0.0/0'])).toBe(false);
    expect(ipAllowed('127.0.0.1', ['::/0'])).toBe(false);
    expect(ipAllowed('::1', ['127.0.0.0/8'])).toBe(false);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(ipAllowed('::ffff:127.0.0.1', ['127.0.0.0/8'])).toBe(true);
    expect(ipAllowed('::ffff:7f00:1', ['127.0.0.0/8'])).toBe(true);
    expect(ipAllowed('::ffff:10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(ipAllowed('::ffff:11.1.2.3', ['10.0.0.0/8'])).toBe(false);
    expect(ipAllowed('::FFFF:127.0.0.1', ['127.0.0.1'])).toBe(true);
  });

  it('counts an IPv4-mapped range as its IPv4 range', () => {
    expect(ipAllowed('127.0.0.1', ['::ffff:127.0.0.1/128'])).toBe(true);
    expect(ipAllowed('127.0.0.2', ['::ffff:127.0.0.1/128'])).toBe(false);
    expect(ipAllowed('127.9.9.9', ['::ffff:127.0.0.0/104'])).toBe(true);
    expect(ipAllowed('128.0.0.1', ['::ffff:127.0.0.0/104'])).toBe(false);
    expect(ipAllowed('::ffff:127.0.0.1', ['::ffff:127.0.0.1/128'])).toBe(true);
    expect(ipAllowed('8.8.8.8', ['::ffff:0:0/96'])).toBe(true);
  });

  it('treats a bare address as a single host', () => {
    expect(ipAllowed('203.0.113.7', ['203.0.113.7'])).toBe(true);
    expect(ipAllowed('203.0.113.8', ['203.0.113.7'])).toBe(false);
    expect(ipAllowed('2001:db8::7', ['2001:db8::7'])).toBe(true);
    expect(ipAllowed('2001:db8::8', ['2001:db8::7'])).toBe(false);
    expect(ipAllowed('::ffff:203.0.113.7', ['203.0.113.7'])).toBe(true);
  });

  it('refuses garbage addresses, even against an allow-all range', () => {
    for (const bad of ['', 'garbage', 'localhost', '256.0.0.1', '1.2.3', '1.2.3.4.5', '10.0.0.0/8', ' 10.0.0.1', '2001:db8::g', ':::1']) {
      expect(ipAllowed(bad, ['0.0.0.0/0', '::/0']), bad).toBe(false);
    }
  });

  it('refuses IPv4 in other notations than four decimal parts (no octal, hex, short or integer forms)', () => {
    expect(ipAllowed('2130706433', ['127.0.0.0/8'])).toBe(false);
    expect(ipAllowed('127.1', ['127.0.0.0/8'])).toBe(false);
    expect(ipAllowed('0x7f.0.0.1', ['127.0.0.0/8'])).toBe(false);
    expect(ipAllowed('010.0.0.1', ['8.0.0.0/8', '10.0.0.0/8'])).toBe(false);
    expect(ipAllowed('::ffff:0x7f.0.0.1', ['127.0.0.0/8'])).toBe(false);
  });

  it('skips garbage allowlist entries and still matches the good ones', () => {
    expect(ipAllowed('127.0.0.1', ['garbage', '127.0.0.1'])).toBe(true);
    expect(ipAllowed('127.0.0.1', ['garbage'])).toBe(false);
    // octal-looking entry: never read as 8.0.0.1
    expect(ipAllowed('8.0.0.1', ['010.0.0.1'])).toBe(false);
  });
});

describe('parseCidr', () => {
  it('reads CIDR ranges and bare addresses', () => {
    expect(parseCidr('10.0.0.0/8')?.map(String)).toEqual(['10.0.0.0', '8']);
    expect(parseCidr('2001:db8::/32')?.map(String)).toEqual(['2001:db8::', '32']);
    expect(parseCidr('10.0.0.1')?.map(String)).toEqual(['10.0.0.1', '32']);
    expect(parseCidr('2001:db8::1')?.map(String)).toEqual(['2001:db8::1', '128']);
  });

  it('refuses garbage, bad prefixes and non-decimal IPv4', () => {
    for (const bad of ['', 'garbage', '10.0.0.0/33', '2001:db8::/129', '10.0.0.0/', '/8', '10.0.0.0/8 ', ' 10.0.0.0/8', '010.0.0.1', '010.0.0.0/8', '127.1', '2130706433', '0x7f.0.0.1', '::ffff:010.0.0.1']) {
      expect(parseCidr(bad), bad).toBeUndefined();
    }
  });
});

describe('normalizeFences', () => {
  const markets = new Set(['BTC-USD']);

  it('keeps a valid allowlist and defaults to an empty one', () => {
    expect(normalizeFences({ ip_allowlist: ['10.0.0.0/8', '2001:db8::/32', '::ffff:127.0.0.1/128'] }, markets).ip_allowlist).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
      '::ffff:127.0.0.1/128',
    ]);
    expect(normalizeFences({}, markets).ip_allowlist).toEqual([]);
  });

  it('refuses an allowlist with an entry that is not a range, naming it', () => {
    let err: unknown;
    try {
      normalizeFences({ ip_allowlist: ['10.0.0.0/8', '010.0.0.1', 'nope'] }, markets);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('invalid_request');
    expect((err as ApiError).details).toEqual({ field: 'ip_allowlist', invalid: ['010.0.0.1', 'nope'] });
  });
});
