import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRawError, rawExchange } from '../helpers/raw-http.js';
import { TEST_ADMIN_TOKEN, TestServer } from '../helpers/server.js';

/** CONNECT and methods no route takes, on all three listeners: always an HTTP answer in the envelope, never a closed socket. */

const ADMIN = `Authorization: Bearer ${TEST_ADMIN_TOKEN}\r\n`;
const request = (line: string, extra = '') => `${line}\r\nHost: x\r\n${extra}Connection: close\r\n\r\n`;

let s: TestServer;
beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(() => s.close());

describe('CONNECT', () => {
  it('answers 405 method_not_allowed with Allow on a public path that exists (live and sandbox)', async () => {
    for (const base of [s.url.live, s.url.sandbox]) {
      const r = await rawExchange(base, request('CONNECT /v1/markets HTTP/1.1'));
      expectRawError(r, 405, 'method_not_allowed', { allow: ['GET', 'HEAD'] });
      expect(r.headers.allow).toBe('GET, HEAD');
      expect(r.headers.connection).toBe('close');
    }
  });

  it('answers 404 route_not_found for a tunnel target (authority form) or an unknown path', async () => {
    for (const base of [s.url.live, s.url.sandbox]) {
      expectRawError(await rawExchange(base, request('CONNECT example.com:443 HTTP/1.1')), 404, 'route_not_found', { path: 'example.com:443' });
      expectRawError(await rawExchange(base, request('CONNECT /v1/nothing HTTP/1.1')), 404, 'route_not_found', { path: '/v1/nothing' });
    }
  });

  it('on the operator listener: 401 without the token, 405 with Allow on an operator path with it', async () => {
    expectRawError(await rawExchange(s.url.admin, request('CONNECT /admin/v1/customers HTTP/1.1')), 401, 'missing_api_key');
    const r = await rawExchange(s.url.admin, request('CONNECT /admin/v1/customers HTTP/1.1', ADMIN));
    expectRawError(r, 405, 'method_not_allowed', { allow: ['GET', 'HEAD', 'POST'] });
    expect(r.headers.allow).toBe('GET, HEAD, POST');
    expectRawError(await rawExchange(s.url.admin, request('CONNECT example.com:443 HTTP/1.1', ADMIN)), 404, 'route_not_found');
  });

  it('leaves the listener serving: the next connection is answered', async () => {
    await rawExchange(s.url.sandbox, request('CONNECT /v1/markets HTTP/1.1'));
    const r = await s.sandboxCall('GET', '/v1/openapi.json');
    expect(r.status).toBe(200);
  });
});

describe('methods no route takes', () => {
  it('PROPFIND on an operator path that exists answers 405 with Allow; on one that does not, 404', async () => {
    const r = await rawExchange(s.url.admin, request('PROPFIND /admin/v1/customers HTTP/1.1', ADMIN));
    expectRawError(r, 405, 'method_not_allowed', { allow: ['GET', 'HEAD', 'POST'] });
    expect(r.headers.allow).toBe('GET, HEAD, POST');
    expectRawError(await rawExchange(s.url.admin, request('PROPFIND /admin/v1/nothing HTTP/1.1', ADMIN)), 404, 'route_not_found', { path: '/admin/v1/nothing' });
  });

  it('a known method on an operator path without it answers 405 (GET on a PATCH-only path)', async () => {
    const r = await s.admin('GET', '/admin/v1/accounts/X');
    expect(r.status, JSON.stringify(r.body)).toBe(405);
    expect(r.headers.get('allow')).toBe('PATCH');
    expect(r.body.error).toMatchObject({ code: 'method_not_allowed', details: { allow: ['PATCH'] } });
  });

  it('PROPFIND and MKCOL on public paths: 405 where the path exists, 404 where it does not', async () => {
    for (const base of [s.url.live, s.url.sandbox]) {
      const r = await rawExchange(base, request('PROPFIND /v1/markets HTTP/1.1'));
      expectRawError(r, 405, 'method_not_allowed', { allow: ['GET', 'HEAD'] });
      expectRawError(await rawExchange(base, request('MKCOL /v1/nothing HTTP/1.1')), 404, 'route_not_found', { path: '/v1/nothing' });
    }
  });

  it('a method Node does not know (FOO) answers 400 invalid_request on every listener', async () => {
    for (const base of [s.url.live, s.url.sandbox, s.url.admin]) {
      expectRawError(await rawExchange(base, request('FOO /v1/markets HTTP/1.1')), 400, 'invalid_request');
    }
  });
});
