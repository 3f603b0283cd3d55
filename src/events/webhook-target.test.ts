import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { endpointProblem, isPublicAddress, publicLookup, PrivateTargetError, type Resolve } from './webhook-target.js';

/** A resolver answering from a fixed table (no test depends on a real DNS server). */
const table =
  (answers: Record<string, string[]>): Resolve =>
  (hostname, _options, callback) => {
    const found = answers[hostname];
    if (!found) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(null, found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };

function lookUp(resolve: Resolve, hostname: string, all = false): Promise<{ err: unknown; address: string | LookupAddress[] | undefined }> {
  return new Promise((done) => publicLookup(resolve)(hostname, { all }, (err, address) => done({ err, address })));
}

describe('webhook targets: addresses', () => {
  it.each([
    ['8.8.8.8', true],
    ['1.0.0.1', true],
    ['2001:4860:4860::8888', true],
    // NAT64 (a DNS64 resolver's answer for a public IPv4 name) is judged by the IPv4 address inside.
    ['64:ff9b::808:808', true],
    ['64:ff9b::7f00:1', false],
    ['64:ff9b::a00:1', false],
    ['64:ff9b:1::808:808', false],
    ['127.0.0.1', false],
    ['127.255.255.254', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['0.1.2.3', false],
    ['255.255.255.255', false],
    ['240.0.0.1', false],
    ['192.0.2.1', false],
    ['198.18.0.1', false],
    ['224.0.0.1', false],
    ['::', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:a9fe:a9fe', false],
    ['::ffff:8.8.8.8', true],
    // IPv4-compatible (deprecated), SIIT, 6to4 and Teredo embed an IPv4 address: none is ordinary unicast.
    ['::7f00:1', false],
    ['::ffff:0:7f00:1', false],
    ['2002:7f00:1::', false],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false],
    ['fd00::1', false],
    ['fc00::1', false],
    ['fe80::1', false],
    ['fec0::1', false],
    ['ff02::1', false],
    ['100::1', false],
    ['2001:db8::1', false],
    ['not an address', false],
  ])('%s is public: %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });
});

describe('webhook targets: endpoint URLs', () => {
  it.each([
    ['https://hooks.example.com/rampart', null, null],
    ['http://hooks.example.com:8080/x?y=1', null, null],
    ['http://8.8.8.8/hook', null, null],
    ['http://[2001:4860:4860::8888]/hook', null, null],
    // Every spelling of a loopback, private or link-local address (the URL parser normalises them first).
    ['http://127.0.0.1:9000/hook', 'private_target', null],
    ['http://127.1/hook', 'private_target', null],
    ['http://127.0.0.1./hook', 'private_target', null],
    ['http://2130706433/hook', 'private_target', null],
    ['http://0x7f000001/hook', 'private_target', null],
    ['http://0x7f.1/hook', 'private_target', null],
    ['http://017700000001/hook', 'private_target', null],
    ['http://0177.0.0.1/hook', 'private_target', null],
    ['http://%31%32%37.0.0.1/hook', 'private_target', null],
    ['http://１２７.０.０.１/hook', 'private_target', null],
    ['http://0/hook', 'private_target', null],
    ['http://0.0.0.0:8090/admin/v1/customers', 'private_target', null],
    ['http://[::]/hook', 'private_target', null],
    ['http://[::1]/hook', 'private_target', null],
    ['http://[0:0:0:0:0:0:0:1]/hook', 'private_target', null],
    ['http://[::ffff:127.0.0.1]/hook', 'private_target', null],
    ['http://[::ffff:7f00:1]/hook', 'private_target', null],
    ['http://[::127.0.0.1]/hook', 'private_target', null],
    ['http://[64:ff9b::127.0.0.1]/hook', 'private_target', null],
    ['http://169.254.169.254/latest/meta-data/', 'private_target', null],
    ['http://[::ffff:169.254.169.254]/latest', 'private_target', null],
    ['http://[fd00:ec2::254]/latest', 'private_target', null],
    ['http://100.100.100.200/latest', 'private_target', null],
    ['http://10.0.0.8/hook', 'private_target', null],
    ['http://172.31.255.255/hook', 'private_target', null],
    ['http://192.168.0.1/hook', 'private_target', null],
    ['http://[fc00::1]/hook', 'private_target', null],
    ['http://[fe80::1]/hook', 'private_target', null],
    ['http://localhost/hook', 'private_target', null],
    ['http://LocalHost:8090/hook', 'private_target', null],
    ['http://localhost./hook', 'private_target', null],
    ['http://api.localhost/hook', 'private_target', null],
    ['http://api.localhost./hook', 'private_target', null],
    ['ftp://hooks.example.com/', 'not_http', 'not_http'],
    ['hooks.example.com/rampart', 'not_a_url', 'not_a_url'],
    ['https://user:pw@hooks.example.com/', 'credentials_in_url', 'credentials_in_url'],
  ])('%s → %s, or %s when private targets are allowed', (url, guarded, allowed) => {
    expect(endpointProblem(url, false)).toBe(guarded);
    expect(endpointProblem(url, true)).toBe(allowed);
  });
});

describe('webhook targets: names at connect time', () => {
  const resolve = table({
    'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'rebound.example.com': ['93.184.215.14', '127.0.0.1'],
    'mapped.example.com': ['::ffff:10.0.0.1'],
    'metadata.example.com': ['169.254.169.254'],
  });

  it('answers the addresses of a name whose every address is public, one or all as asked', async () => {
    expect(await lookUp(resolve, 'hooks.example.com')).toEqual({ err: null, address: '93.184.215.14' });
    expect((await lookUp(resolve, 'hooks.example.com', true)).address).toHaveLength(2);
  });

  it.each(['rebound.example.com', 'mapped.example.com', 'metadata.example.com'])('refuses %s, which resolves to a private address', async (name) => {
    expect((await lookUp(resolve, name)).err).toBeInstanceOf(PrivateTargetError);
    expect((await lookUp(resolve, name, true)).err).toBeInstanceOf(PrivateTargetError);
  });

  it('passes on a name that does not resolve as the resolver said', async () => {
    expect((await lookUp(resolve, 'nowhere.example.com')).err).toMatchObject({ code: 'ENOTFOUND' });
  });

  it('refuses localhost through the system resolver', async () => {
    const { err } = await new Promise<{ err: unknown }>((done) => publicLookup()('localhost', {}, (e) => done({ err: e })));
    expect(err).toBeInstanceOf(PrivateTargetError);
  });
});
