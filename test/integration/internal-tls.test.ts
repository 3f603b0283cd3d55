import { rmSync } from 'node:fs';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fmt } from '../../src/engine/decimal.js';
import { signature } from '../helpers/internal-signing.js';
import { freshSchema, postgresAvailable, type FreshSchema } from '../helpers/postgres.js';
import { expectError, TEST_STORE, TestServer, type Answer } from '../helpers/server.js';
import { makeTestPki, tlsEnv, type TestPki } from '../helpers/tls-certs.js';

/**
 * docs/SECURITY.md item 5, the optional part: with RAMPART_INTERNAL_TLS_CERT / _KEY / _CA the internal listener
 * speaks mutual TLS — what nodes send each other (forwarded requests with the clients' API keys) is encrypted, and
 * only a client whose certificate the cluster's CA signed gets past the handshake — and every request is still
 * signed. PostgreSQL only (the listener exists with several nodes); runs in the sqlite project on its own schema.
 */
const pgReachable = await postgresAvailable();
const pgUp = TEST_STORE === 'sqlite' && pgReachable;
if (TEST_STORE === 'sqlite' && !pgReachable) {
  if (process.env.CI === 'true') throw new Error('internal-tls: PostgreSQL does not answer, and CI=true requires it');
  console.warn('SKIPPED the internal listener TLS tests: PostgreSQL does not answer (set CI=true to make this a failure)');
}

const SECRET = 'node-secret-for-tls-tests-0123456789abcdefghij';
let s: TestServer;
let schema: FreshSchema;
let pki: TestPki;
/** A CA the cluster does not know, and a certificate it signed. */
let rogue: TestPki;
let urls: string[];

/** POST through an undici Agent (a client with or without a certificate), read as an Answer. */
async function post(agent: Agent, url: string, path: string, body: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await request(`${url}${path}`, { method: 'POST', dispatcher: agent, body, headers: { 'content-type': 'application/json', ...headers } });
  const text = await res.body.text();
  return { status: res.statusCode, headers: new Headers(res.headers as Record<string, string>), body: JSON.parse(text) };
}

beforeAll(async () => {
  if (!pgUp) return;
  pki = makeTestPki('cluster');
  rogue = makeTestPki('rogue');
  schema = await freshSchema();
  s = await TestServer.start({ nodes: 2, env: { RAMPART_DATABASE_URL: schema.url, RAMPART_NODE_SECRET: SECRET, ...tlsEnv(pki) } });
  urls = (await s.admin('GET', '/admin/v1/cluster')).body.nodes.map((n: { internal_url: string }) => n.internal_url);
});
afterAll(async () => {
  if (!pgUp) return;
  await s.close();
  await schema.drop();
  rmSync(pki.dir, { recursive: true, force: true });
  rmSync(rogue.dir, { recursive: true, force: true });
});

describe.runIf(pgUp)('the internal listener with mutual TLS (RAMPART_INTERNAL_TLS_*)', { timeout: 60_000 }, () => {
  it('advertises https, and operator calls and forwarded requests cross between the nodes over it', async () => {
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const set = await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60000', last: '60000' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(s.nodes.map((n) => fmt(n.app.services.prices.live.get('BTC-USD')!.last))).toEqual(['60000', '60000']);
    // An account held by one node, read through the other: the request is forwarded over TLS.
    const t = await s.trader();
    const owner = await s.holder('sandbox', t.accountId);
    const other = s.nodes.find((n) => n.app !== owner)!;
    const read = await s.call(other.url.sandbox, 'GET', `/v1/accounts/${t.accountId}`, { key: t.key });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.id).toBe(t.accountId);
  });

  it('takes only a client with a certificate of the cluster CA, and still wants the signature', async () => {
    const url = urls[0]!;
    const body = JSON.stringify({ kind: 'access' });
    const signed = () => ({ 'x-rampart-signature': signature({ secret: SECRET, to: url, path: '/internal/v1/ops', body }) });
    // Plain HTTP to the TLS port, no client certificate, or one from another CA: no HTTP exchange at all.
    await expect(fetch(`${url.replace('https:', 'http:')}/internal/v1/ops`, { method: 'POST', body, headers: signed() })).rejects.toThrow();
    const anonymous = new Agent({ connect: { ca: pki.ca } });
    const stranger = new Agent({ connect: { ca: pki.ca, cert: rogue.cert, key: rogue.key } });
    const member = new Agent({ connect: { ca: pki.ca, cert: pki.cert, key: pki.key } });
    try {
      await expect(post(anonymous, url, '/internal/v1/ops', body, signed())).rejects.toThrow();
      await expect(post(stranger, url, '/internal/v1/ops', body, signed())).rejects.toThrow();
      // The cluster's certificate without the signature is still refused; with both, the op applies.
      expectError(await post(member, url, '/internal/v1/ops', body), 401, 'invalid_node_signature', { reason: 'missing' });
      const ok = await post(member, url, '/internal/v1/ops', body, signed());
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body).toEqual({ ok: true });
    } finally {
      await Promise.all([anonymous.close(), stranger.close(), member.close()]);
    }
  });
});
