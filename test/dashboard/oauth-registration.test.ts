import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantClient, clientOptions, connect, discover, PASSWORD, person, REDIRECT, startAuthorization } from '../helpers/oauth.js';
import { advanceOn, SANDBOX_URL, TestServer } from '../helpers/server.js';

/**
 * Issue 27, finding 6 (docs/SECURITY.md): open client registration is throttled — an `oauth` budget per address
 * on /oauth/*, at most 10 self-registered clients never used for a grant per address, and such a client lapses
 * after 24 hours (one used for a grant keeps living).
 */
const DAY = 86_400_000;

function register(s: TestServer, as: oauth.AuthorizationServer, name: string) {
  return oauth.dynamicClientRegistrationRequest(as, { client_name: name, redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }, clientOptions(s));
}

describe('the oauth budget', () => {
  let s: TestServer;
  let as: oauth.AuthorizationServer;
  beforeAll(async () => {
    s = await TestServer.start({ limits: { rate_limits: { oauth: { capacity: 3, refill_per_second: 1 } } } });
    as = await discover(s);
  });
  afterAll(() => s.close());

  it('is spent by every /oauth/ request of an address; past it, 429 rate_limited in OAuth form with Retry-After', async () => {
    for (let i = 0; i < 2; i++) expect((await register(s, as, `Bot ${i}`)).status).toBe(201);
    const started = await startAuthorization(s, as, 'any-client', { resource: SANDBOX_URL });
    expect(started.status).not.toBe(429);
    const refused = await register(s, as, 'Bot 3');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit-limit')).toBe('3');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    const body = (await refused.json()) as { error: string; error_description: string };
    expect(body).toEqual({ error: 'rate_limited', error_description: expect.stringContaining('oauth request budget') });
    // The token endpoint too: an OAuth client reads the error as any other.
    const token = await oauth.refreshTokenGrantRequest(as, { client_id: 'any-client', token_endpoint_auth_method: 'none' }, oauth.None(), 'x', clientOptions(s));
    expect(token.status).toBe(429);
    // The budget refills on the clock.
    await advanceOn(s, 1000);
    expect((await register(s, as, 'Bot 4')).status).toBe(201);
  });
});

describe('self-registered clients', () => {
  let s: TestServer;
  let as: oauth.AuthorizationServer;
  beforeAll(async () => {
    s = await TestServer.start({ limits: { rate_limits: { oauth: { capacity: 10_000, refill_per_second: 100 } } } });
    as = await discover(s);
  });
  afterAll(() => s.close());

  it('an address holds at most 10 never used for a grant: the 11th is refused 429 until one is used or lapses', async () => {
    const made: oauth.Client[] = [];
    for (let i = 0; i < 10; i++) made.push(await assistantClient(s, as, `Bot ${i}`));
    const refused = await register(s, as, 'Bot 10');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBe(DAY / 1000);
    expect(await refused.json()).toEqual({ error: 'rate_limited', error_description: expect.stringContaining('not used for a grant yet') });
    // The refused registration left nothing behind.
    const clients = await s.raw.query<{ n: number }>("SELECT COUNT(*) AS n FROM oauth_records WHERE model = 'Client'");
    expect(Number(clients[0]!.n)).toBe(10);
    // One is used for a grant: it no longer counts.
    const { d } = await person(s, 'registrant@example.com');
    await connect(s, as, made[0]!, d, { access: 'read' });
    expect((await register(s, as, 'Bot 11')).status).toBe(201);
    expect((await register(s, as, 'Bot 12')).status).toBe(429);
    // A day later the unused ones have lapsed.
    await advanceOn(s, DAY + 1);
    expect((await register(s, as, 'Bot 13')).status).toBe(201);
  });

  it('one never used for a grant lapses after 24 hours; one used for a grant keeps living', async () => {
    const { d } = await person(s, 'keeper@example.com');
    const unused = await assistantClient(s, as, 'Unused');
    const used = await assistantClient(s, as, 'Used');
    await connect(s, as, used, d, { access: 'read' });
    const rows = await s.raw.query<{ id: string; expires_at: number | null; address: string | null }>(
      "SELECT id, expires_at, address FROM oauth_records WHERE model = 'Client' AND id IN (?, ?)",
      [unused.client_id, used.client_id],
    );
    const row = (id: string) => rows.find((r) => r.id === id)!;
    expect(Number(row(unused.client_id).expires_at)).toBe(s.services.clock.now() + DAY);
    expect(row(unused.client_id).address).toMatch(/127\.0\.0\.1/);
    expect(row(used.client_id)).toMatchObject({ expires_at: null, address: null });
    await advanceOn(s, DAY + 1);
    const gone = await startAuthorization(s, as, unused.client_id, { resource: SANDBOX_URL });
    expect(gone.uid).toBeUndefined();
    expect(gone.status).toBe(400);
    expect((await d.signIn('keeper@example.com', PASSWORD)).status).toBe(200);
    expect((await connect(s, as, used, d, { access: 'read' })).access_token).toMatch(/^rat_test_/);
  });
});
