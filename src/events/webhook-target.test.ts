import { describe, expect, it } from 'vitest';
import { endpointProblem, isPublicAddress, publicLookup, PrivateTargetError } from './webhook-target.js';

describe('webhook targets', () => {
  it.each([
    ['8.8.8.8', true],
    ['2001:4860:4860::8888', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['224.0.0.1', false],
    ['not an address', false],
  ])('%s is public: %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });

  it.each([
    ['https://hooks.example.com/rampart', null, null],
    ['http://hooks.example.com:8080/x?y=1', null, null],
    ['http://127.0.0.1:9000/hook', 'private_target', null],
    ['http://localhost/hook', 'private_target', null],
    ['http://api.localhost/hook', 'private_target', null],
    ['http://[::1]/hook', 'private_target', null],
    ['http://0x7f.1/hook', 'private_target', null],
    ['http://2130706433/hook', 'private_target', null],
    ['http://10.0.0.8/hook', 'private_target', null],
    ['ftp://hooks.example.com/', 'not_http', 'not_http'],
    ['hooks.example.com/rampart', 'not_a_url', 'not_a_url'],
    ['https://user:pw@hooks.example.com/', 'credentials_in_url', 'credentials_in_url'],
  ])('%s → %s in live, %s when private targets are allowed', (url, live, allowed) => {
    expect(endpointProblem(url, false)).toBe(live);
    expect(endpointProblem(url, true)).toBe(allowed);
  });

  it('refuses, at connect time, a name that resolves to a loopback address', async () => {
    const err = await new Promise<unknown>((resolve) => publicLookup('localhost', {}, (e) => resolve(e)));
    expect(err).toBeInstanceOf(PrivateTargetError);
  });
});
