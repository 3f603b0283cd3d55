import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, TestServer } from '../helpers/server.js';

/**
 * RAMPART_TRUST_PROXY (docs/SECURITY.md finding 4, docs/DEPLOYMENT.md "Behind a proxy"): the client's address is
 * the one a trusted proxy appended to X-Forwarded-For — never the leftmost entry, which is whatever the client wrote.
 * Key IP allowlists, per-IP budgets (the dashboard's sign-in included) and a request forwarded to another node all
 * judge that address. Every request of these tests comes from 127.0.0.1.
 */

/** The client wrote 203.0.113.7; the proxy that received its connection from 198.51.100.9 appended that. */
const SPOOFED = '203.0.113.7';
const APPENDED = '198.51.100.9';
const forwarded = (entries: string) => ({ 'x-forwarded-for': entries });

/** A sandbox trader whose key takes requests from `allowed` only, and the answers of a list and an account route. */
async function judged(s: TestServer, allowed: string, headers: Record<string, string>) {
  const t = await s.trader({ ip_allowlist: [`${allowed}/32`] });
  // The account route runs on the node holding the account (forwarded there on a cluster, with the address).
  return Promise.all([s.sandboxCall('GET', '/v1/accounts', { key: t.key, headers }), s.sandboxCall('GET', `/v1/accounts/${t.accountId}`, { key: t.key, headers })]);
}

async function expectRefused(answers: Awaited<ReturnType<typeof judged>>, ip: string) {
  for (const r of answers) expectError(r, 403, 'ip_not_allowed', { ip });
}

async function expectTaken(answers: Awaited<ReturnType<typeof judged>>) {
  for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(200);
}

describe('one proxy in front (RAMPART_TRUST_PROXY=1)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await TestServer.start({ env: { RAMPART_TRUST_PROXY: '1' } });
  });
  afterAll(() => s.close());

  it('judges a key IP allowlist by the address the proxy appended, not by the entry the client wrote', async () => {
    const headers = forwarded(`${SPOOFED}, ${APPENDED}`);
    await expectRefused(await judged(s, SPOOFED, headers), APPENDED);
    await expectTaken(await judged(s, APPENDED, headers));
  });

  it('takes the single entry of a request that came through the proxy only', async () => {
    await expectTaken(await judged(s, APPENDED, forwarded(APPENDED)));
  });
});

describe('per-IP budgets behind one proxy', () => {
  let s: TestServer;
  beforeAll(async () => {
    // One node: without Redis each node keeps its own buckets.
    // (The sign-in budget as tight as in production: TestServer relaxes it for the other suites.)
    s = await TestServer.start({
      nodes: 1,
      env: { RAMPART_TRUST_PROXY: '1' },
      limits: { rate_limits: { ip: { capacity: 3, refill_per_second: 1 }, sign_in: { capacity: 10, refill_per_second: 0.2 } } },
    });
  });
  afterAll(() => s.close());

  it('are spent by the appended address: a client that writes a new address each time still runs out', async () => {
    const t = await s.trader();
    const call = (i: number, appended: string) => s.sandboxCall('GET', '/v1/markets', { key: t.key, headers: forwarded(`10.9.${i}.1, ${appended}`) });
    for (let i = 0; i < 3; i++) expect((await call(i, '198.51.100.10')).status).toBe(200);
    expectError(await call(3, '198.51.100.10'), 429, 'rate_limited', { scope: 'ip', limit: 3 });
    // Another client behind the same proxy has its own budget.
    expect((await call(4, '198.51.100.11')).status).toBe(200);
  });

  it("are spent by the appended address on the dashboard's sign-in too", async () => {
    const signIn = (i: number, appended: string) =>
      s.dashboard().call('POST', '/session/sign-in', { body: { email: `nobody${i}@example.com`, password: 'not the password at all' }, headers: forwarded(`10.8.${i}.1, ${appended}`) });
    // However many tries a budget allows, a new leftmost entry each time must not buy more.
    let refused: Awaited<ReturnType<typeof signIn>> | undefined;
    for (let i = 0; i < 50 && !refused; i++) {
      const r = await signIn(i, '198.51.100.20');
      if (r.status === 429) refused = r;
    }
    expect(refused, 'sign-in was never refused: each new X-Forwarded-For entry bought a new budget').toBeDefined();
    expectError(refused!, 429, 'rate_limited', { scope: 'sign_in' });
    expect((await signIn(99, '198.51.100.21')).status).not.toBe(429);
  });
});

describe('proxies given by address (RAMPART_TRUST_PROXY=<addresses and CIDRs>)', () => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));
  const start = async (trust: string) => {
    const s = await TestServer.start({ env: { RAMPART_TRUST_PROXY: trust } });
    servers.push(s);
    return s;
  };

  it('ignores X-Forwarded-For from a peer that is not one of them', async () => {
    const s = await start('10.0.0.0/8,192.168.0.0/16');
    const headers = forwarded(`${SPOOFED}, ${APPENDED}`);
    await expectRefused(await judged(s, SPOOFED, headers), '127.0.0.1');
    await expectRefused(await judged(s, APPENDED, headers), '127.0.0.1');
    await expectTaken(await judged(s, '127.0.0.1', headers));
  });

  it('takes, from a trusted peer, the nearest address that is not a trusted proxy', async () => {
    const s = await start('127.0.0.1');
    await expectRefused(await judged(s, SPOOFED, forwarded(`${SPOOFED}, ${APPENDED}`)), APPENDED);
    await expectTaken(await judged(s, APPENDED, forwarded(`${SPOOFED}, ${APPENDED}`)));
    // A chain of trusted proxies: 198.51.100.0/24 is one too, so the client is the entry before it.
    const chain = await start('127.0.0.1, 198.51.100.0/24');
    await expectTaken(await judged(chain, SPOOFED, forwarded(`${SPOOFED}, ${APPENDED}`)));
  });
});
