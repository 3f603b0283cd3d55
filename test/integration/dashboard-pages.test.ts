import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, LIVE_URL, SANDBOX_URL, TestServer } from '../helpers/server.js';

/** The dashboard host serves the built page: content types, caching, the CSP, deep links, and JSON 404s for the rest. */
describe('the dashboard page on its host', () => {
  let s: TestServer;
  let base: string;
  beforeAll(async () => {
    s = await TestServer.start();
    base = s.url.dashboard;
  }, 60_000);
  afterAll(() => s?.close());

  it('answers index.html at / and at any page path, not cached, under a strict Content-Security-Policy', async () => {
    for (const path of ['/', '/accounts/SANDBOX-1001-1', '/developers/keys?x=1']) {
      const r = await fetch(base + path);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(r.headers.get('cache-control')).toBe('no-cache');
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain(`connect-src 'self' ${new URL(LIVE_URL).origin} ${new URL(SANDBOX_URL).origin}`);
      expect(csp).not.toContain('unsafe-inline');
      expect(await r.text()).toMatch(/<script type="module" src="\/assets\/app-[A-Z0-9]+\.js"><\/script>/);
    }
  });

  it('serves the hashed assets with their types, cached for good', async () => {
    const html = await (await fetch(base + '/')).text();
    const js = /src="(\/assets\/app-[A-Z0-9]+\.js)"/.exec(html)![1]!;
    const css = /href="(\/assets\/app-[A-Z0-9]+\.css)"/.exec(html)![1]!;
    for (const [path, type] of [
      [js, 'text/javascript; charset=utf-8'],
      [css, 'text/css; charset=utf-8'],
    ] as const) {
      const r = await fetch(base + path);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe(type);
      expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await r.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
  });

  it('sends the page and its assets gzipped to a client that takes gzip', async () => {
    const html = await (await fetch(base + '/')).text();
    const js = /src="(\/assets\/app-[A-Z0-9]+\.js)"/.exec(html)![1]!;
    for (const path of ['/', js]) {
      const gz = await s.call(base, 'GET', path, { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers.get('content-encoding'), path).toBe('gzip');
      expect(gz.headers.get('vary')).toBe('accept-encoding');
      const plain = await s.call(base, 'GET', path, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(gz.body).toEqual(plain.body);
    }
  });

  it('answers an unknown asset or session path with the JSON 404 envelope, not the page', async () => {
    for (const path of ['/assets/app-NOPE.js', '/session/nothing-here']) {
      const r = await s.call(base, 'GET', path);
      expectError(r, 404, 'route_not_found');
    }
  });
});
