import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, CHILD_ADMIN_TOKEN, type Reply } from '../helpers/child-server.js';
import { TestCluster } from '../helpers/cluster.js';
import { postgresAvailable } from '../helpers/postgres.js';

/**
 * Each node answers keys, customers and accounts from memory (src/store/postgres/record-cache.ts): a change made on
 * one node, or by an operator's SQL, reaches every node by the NOTIFY of its row's trigger; a node whose LISTEN
 * connection is lost trusts nothing it holds. Each test first shows the nodes answer from memory: a change made with
 * the triggers off (session_replication_role = replica) is not seen.
 */
const available = await postgresAvailable();
/** CONTRACT's bound for a revocation on every node, and what a test allows (the box is shared and loaded). */
const BOUND_MS = 1000;

let cluster: TestCluster;
let sql: pg.Client;

beforeAll(async () => {
  if (!available) return;
  cluster = await TestCluster.start({ nodes: 3, env: { RAMPART_ENGINE_PARTITIONS: '1' } });
  sql = new pg.Client({ connectionString: cluster.schema.url });
  await sql.connect();
}, 60_000);
afterAll(async () => {
  await sql?.end();
  await cluster?.close();
});

async function trader(name: string): Promise<{ customerId: string; keyId: string; key: string }> {
  const customer = await cluster.admin('POST', '/admin/v1/customers', { name });
  const key = await cluster.admin('POST', `/admin/v1/customers/${customer.id}/keys`, { environment: 'sandbox', access: 'trade' });
  // Every node serving (the first test comes while the nodes still share out the partitions), each key read once.
  await everyNode(key.key, (r) => r.status === 200, Date.now(), 30_000);
  return { customerId: customer.id, keyId: key.id, key: key.key };
}

/** A read each node answers itself (no account in its path, so never forwarded), authenticated by `key`. */
const list = (i: number, key: string): Promise<Reply> => call(cluster.nodes[i]!.child.url.sandbox, 'GET', '/v1/accounts', { key });
/**
 * Each node's status for the key. A retryable 503 (the account's figures asked of a partition owner that is moving,
 * on a loaded box) says nothing about the key: asked again, for up to 5 s.
 */
const statuses = async (key: string): Promise<number[]> =>
  Promise.all(
    cluster.nodes.map(async (_, i) => {
      const until = Date.now() + 5000;
      for (;;) {
        const r = await list(i, key);
        if (r.status !== 503 || r.body?.error?.retryable !== true || Date.now() > until) return r.status;
        await new Promise((done) => setTimeout(done, 50));
      }
    }),
  );

/** A write to the store that fires no trigger: no node is told of it. */
async function unseen(text: string, params: unknown[]): Promise<void> {
  await sql.query('BEGIN; SET LOCAL session_replication_role = replica');
  await sql.query(text, params);
  await sql.query('COMMIT');
}

/** Polls every node until each answers as `ok` says; resolves with the ms it took (from `since`). */
async function everyNode(key: string, ok: (r: Reply) => boolean, since: number, timeoutMs = 5000): Promise<number> {
  const pending = new Set(cluster.nodes.map((_, i) => i));
  for (;;) {
    for (const i of [...pending]) if (ok(await list(i, key))) pending.delete(i);
    if (pending.size === 0) return Date.now() - since;
    if (Date.now() - since > timeoutMs) throw new Error(`nodes ${[...pending].join(', ')} still answer as before\n${cluster.output(1500)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const refuses = (code: string) => (r: Reply) => r.body?.error?.code === code;

describe.skipIf(!available)('keys, customers and accounts cached on each node', { timeout: 60_000 }, () => {
  it('a key revoked on one node is refused on every node within a second', async () => {
    const t = await trader('revoked');
    // Revoked behind the nodes' backs: each still answers from memory.
    await unseen('UPDATE credentials SET revoked_at = 1 WHERE id = $1', [t.keyId]);
    expect(await statuses(t.key)).toEqual([200, 200, 200]);
    await unseen('UPDATE credentials SET revoked_at = NULL WHERE id = $1', [t.keyId]);

    const at = Date.now();
    await adminOn(1, 'DELETE', `/admin/v1/keys/${t.keyId}`);
    expect(await everyNode(t.key, refuses('revoked_api_key'), at)).toBeLessThan(BOUND_MS);
  });

  it("a key's fence changed by an operator's SQL and a customer suspended on one node take effect on every node", async () => {
    const t = await trader('fenced');
    const fence = "UPDATE credentials SET ip_allowlist = $2 WHERE id = $1";
    await unseen(fence, [t.keyId, '["10.0.0.0/8"]']);
    expect(await statuses(t.key)).toEqual([200, 200, 200]);
    await unseen(fence, [t.keyId, '[]']);

    let at = Date.now();
    await sql.query(fence, [t.keyId, '["10.0.0.0/8"]']);
    expect(await everyNode(t.key, refuses('ip_not_allowed'), at)).toBeLessThan(BOUND_MS);
    await sql.query(fence, [t.keyId, '[]']);
    await everyNode(t.key, (r) => r.status === 200, Date.now());

    await unseen('UPDATE customers SET api_enabled = false WHERE id = $1', [t.customerId]);
    expect(await statuses(t.key)).toEqual([200, 200, 200]);
    await unseen('UPDATE customers SET api_enabled = true WHERE id = $1', [t.customerId]);
    at = Date.now();
    await adminOn(2, 'PATCH', `/admin/v1/customers/${t.customerId}`, { api_enabled: false });
    expect(await everyNode(t.key, refuses('api_disabled'), at)).toBeLessThan(BOUND_MS);
  });

  it('a node whose LISTEN connection is lost stops answering from memory', async () => {
    const t = await trader('unheard');
    await unseen('UPDATE credentials SET revoked_at = 1 WHERE id = $1', [t.keyId]);
    expect(await statuses(t.key)).toEqual([200, 200, 200]);
    // Every node's listener (the nodes' sessions named "rampart listen <schema>").
    const { rows } = await sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'rampart listen ' || current_schema()) t",
    );
    expect(rows[0]!.n).toBe(3);
    // At once, before any listens again (a second later): what they held is dropped, the store answers.
    expect(await everyNode(t.key, refuses('revoked_api_key'), Date.now())).toBeLessThan(BOUND_MS);

    // Listening again, they keep what they read again.
    const end = Date.now() + 10_000;
    const listening = "SELECT 1 FROM pg_stat_activity WHERE application_name = 'rampart listen ' || current_schema() AND state = 'idle' AND query LIKE 'LISTEN%'";
    while ((await sql.query(listening)).rowCount !== 3) {
      if (Date.now() > end) throw new Error('the nodes did not listen again');
      await new Promise((r) => setTimeout(r, 50));
    }
    const again = await trader('heard again');
    await unseen('UPDATE credentials SET revoked_at = 1 WHERE id = $1', [again.keyId]);
    expect(await statuses(again.key)).toEqual([200, 200, 200]);
  });
});

async function adminOn(i: number, method: string, path: string, body?: unknown): Promise<void> {
  const r = await call(cluster.nodes[i]!.child.url.admin, method, path, { key: CHILD_ADMIN_TOKEN, ...(body ? { body } : {}) });
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
}
