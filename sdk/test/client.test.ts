import { describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URLS, Rampart } from '../src/index.js';

/** Credentials and where the client calls. */
describe('new Rampart', () => {
  it('sends an API key or an access token as Bearer, to the environment chosen or given by the key', async () => {
    const seen: { url: string; auth: string | null }[] = [];
    const fetch = (async (url: string, init?: RequestInit) => {
      seen.push({ url, auth: new Headers(init?.headers).get('authorization') });
      return new Response('{"data":[],"next_cursor":null,"has_more":false}', { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    await new Rampart({ apiKey: 'rk_test_a', fetch }).accounts.list();
    await new Rampart({ apiKey: 'rk_live_b', fetch }).accounts.list();
    await new Rampart({ accessToken: 'rat_c', environment: 'live', fetch }).accounts.list({ limit: 5 });
    await new Rampart({ accessToken: 'rat_d', baseUrl: 'https://api.example.test/', fetch }).accounts.list();
    expect(seen).toEqual([
      { url: `${DEFAULT_BASE_URLS.sandbox}/v1/accounts`, auth: 'Bearer rk_test_a' },
      { url: `${DEFAULT_BASE_URLS.live}/v1/accounts`, auth: 'Bearer rk_live_b' },
      { url: `${DEFAULT_BASE_URLS.live}/v1/accounts?limit=5`, auth: 'Bearer rat_c' },
      { url: 'https://api.example.test/v1/accounts', auth: 'Bearer rat_d' },
    ]);
    expect(() => new Rampart({})).toThrow(/apiKey, accessToken or tokenSource/);
  });

  it('escapes path parameters', async () => {
    let url = '';
    const fetch = (async (u: string) => {
      url = u;
      return new Response('{}', { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    await new Rampart({ apiKey: 'rk_test_a', fetch }).orders.get('acc/1', 'o?x');
    expect(url).toBe(`${DEFAULT_BASE_URLS.sandbox}/v1/accounts/acc%2F1/orders/o%3Fx`);
  });
});
