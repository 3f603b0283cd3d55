import { afterAll, describe, expect, it } from 'vitest';
import { call, nextMondayNoon } from '../helpers/child-server.js';
import { TestCluster } from '../helpers/cluster.js';
import { postgresAvailable } from '../helpers/postgres.js';

/**
 * A partition owner paused (SIGSTOP) past its lease: another node takes the partition at a higher epoch and
 * trades it; when the paused node wakes, the work it had queued — a placement sent to it while it slept, a price
 * tick handed to it — finds its lease gone, and it writes nothing (CONTRACT §8: fenced by the epoch).
 */
const available = await postgresAvailable();
const LEASE_MS = 1500;

let cluster: TestCluster | undefined;
afterAll(async () => {
  if (cluster) for (const n of cluster.nodes) n.child.proc.kill('SIGCONT');
  await cluster?.close();
});

async function until<T>(what: string, fn: () => Promise<T | null>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== null) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${cluster?.output(4000)}\n--- database sessions:\n${await cluster?.sessions()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A read as a client makes it while partitions move: a retryable error (503 while a book loads) is asked again; any other is a failure. */
async function read<T>(url: string, path: string, key: string): Promise<T | null> {
  const r = await call(url, 'GET', path, { key });
  if (r.status === 200) return r.body.data as T;
  if (r.body?.error?.retryable === true) return null;
  throw new Error(`GET ${path}: ${r.status} ${JSON.stringify(r.body)}`);
}

describe.skipIf(!available)('a paused partition owner', { timeout: 120_000 }, () => {
  it('wakes after losing its lease and writes nothing: its late placement is refused or forwarded, its tick fenced', async () => {
    cluster = await TestCluster.start({ nodes: 2, env: { RAMPART_ENGINE_PARTITIONS: '1', RAMPART_LEASE_MS: String(LEASE_MS) } });
    const c = cluster;
    // A weekday whatever day the suite runs: the sandbox rule refuses opening orders on weekends.
    await c.admin('POST', '/admin/v1/clock', { now: nextMondayNoon() });
    await c.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
    // Two partitions (live/0, sandbox/0) over two nodes: one each once balanced.
    const owners = await until('one partition each', async () => {
      const s = await c.status();
      const o = s.partitions.map((p) => p.owner);
      return o.length === 2 && o.every((x) => x !== null) && new Set(o).size === 2 ? s : null;
    });
    const paused = c.node(owners.partitions.find((p) => p.environment === 'sandbox')!.owner!);
    const other = c.nodes.find((n) => n !== paused)!;
    const customer = await c.admin('POST', '/admin/v1/customers', { name: 'paused' });
    const key = await c.admin('POST', `/admin/v1/customers/${customer.id}/keys`, { environment: 'sandbox', access: 'trade' });
    const account = key.opened_account_id as string;
    await until('the account active', async () => ((await call(other.child.url.sandbox, 'GET', `/v1/accounts/${account}`, { key: key.key })).body?.status === 'active' ? true : null));
    const resting = { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000', time_in_force: 'gtc' };
    const before = await call(paused.child.url.sandbox, 'POST', `/v1/accounts/${account}/orders`, { key: key.key, idempotencyKey: 'before', body: resting });
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    const epochBefore = owners.partitions.find((p) => p.environment === 'sandbox')!.epoch;

    paused.child.proc.kill('SIGSTOP');
    try {
      // Sent to the sleeping node: the kernel holds it until the node wakes.
      const late = call(paused.child.url.sandbox, 'POST', `/v1/accounts/${account}/orders`, { key: key.key, idempotencyKey: 'late', body: resting });
      const taken = await until('the partition taken by the other node', async () => {
        const l = (await c.status()).partitions.find((p) => p.environment === 'sandbox');
        return l && l.owner === other.id ? l : null;
      });
      expect(taken.epoch).toBeGreaterThan(epochBefore);
      // The new owner trades on; a price move (handed to the sleeping node too, which cannot take it now).
      // The lease row can say "taken" a moment before the new owner's engine has loaded the partition: meanwhile it
      // answers a retryable 503 (or 409 account_not_ready while the account's book loads), and a client retries with the same Idempotency-Key, as here.
      // Each retryable answer with how long it took, for the failure message (a forward to the sleeping node waits
      // for the forward timeout).
      const answers: string[] = [];
      const during = await until('the new owner trading', async () => {
        const at = Date.now();
        const r = await call(other.child.url.sandbox, 'POST', `/v1/accounts/${account}/orders`, { key: key.key, idempotencyKey: 'during', body: resting });
        const retry = r.body?.error?.retryable === true && ['temporarily_unavailable', 'account_not_ready'].includes(r.body.error.code);
        if (retry) answers.push(`${Date.now() - at} ms ${r.status} ${r.body.error.code}: ${r.body.error.message}`);
        return retry ? null : r;
      }).catch(async (err: Error) => {
        const stored = await c.rows('SELECT id, status, updated_at FROM accounts');
        const admin = await c.admin('GET', `/admin/v1/accounts/${account}`).catch((e: unknown) => String(e));
        throw new Error(`${err.message}\n--- the answers meanwhile:\n${answers.slice(-5).join('\n')}\n--- stored accounts:\n${stored}\n--- the operator's view:\n${JSON.stringify(admin).slice(0, 400)}`);
      });
      expect(during.status, JSON.stringify(during.body)).toBe(201);
      await c.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '58900', ask: '58901', last: '58900.5' });

      paused.child.proc.kill('SIGCONT');
      const answer = await late;
      // Awake: either it still believed it held the partition (its write is fenced off: 503 temporarily_unavailable),
      // or it shed the request as its event loop had stalled (503 capacity), or its lease round came first and it
      // forwarded the placement to the new owner (201, written there). Never written by the woken node itself.
      expect([201, 503], `${JSON.stringify(answer.body)}\n${c.output(4000)}`).toContain(answer.status);
      if (answer.status === 503) expect(['temporarily_unavailable', 'capacity']).toContain(answer.body.error.code);
      // The retry, as a client sends it (the woken node may take a partition back as the nodes rebalance: meanwhile
      // a retryable 503, retried).
      const retry = await until('the retry answered', async () => {
        const r = await call(other.child.url.sandbox, 'POST', `/v1/accounts/${account}/orders`, { key: key.key, idempotencyKey: 'late', body: resting });
        return r.body?.error?.retryable === true ? null : r;
      });
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      if (answer.status === 201) expect(retry.body.id).toBe(answer.body.id);

      // Every order once, each filled once by the new owner's engine on the move; the event log has no gap.
      // A partition handed back to the woken node as the nodes rebalance is loaded there after the move: its resting
      // orders fill on the next tick, which comes here.
      await c.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '58899', ask: '58900', last: '58899.5' });
      const orders = await until('every order filled', async () => {
        // A read during a rebalance may answer a retryable 503 / 409 (the account's book loading): asked again.
        const data = await read<{ status: string }[]>(other.child.url.sandbox, `/v1/accounts/${account}/orders`, key.key);
        return data?.every((o) => o.status === 'filled') ? data : null;
      });
      expect(orders.map((o: { status: string }) => o.status)).toEqual(['filled', 'filled', 'filled']);
      const fills = await until('the fills read', () => read<unknown[]>(other.child.url.sandbox, `/v1/accounts/${account}/fills`, key.key));
      expect(fills).toHaveLength(3);
      // Held at a later epoch than the paused node's (by the other node, or by the woken one given it back since).
      const log = await c.admin('GET', '/admin/v1/cluster');
      expect(log.partitions.find((p: { environment: string }) => p.environment === 'sandbox').epoch).toBeGreaterThan(epochBefore);
      await until('the woken node to see its lease gone', async () => (paused.child.output().includes('partition lease lost') ? true : null));
      const events = await until('the events read', () => read<{ id: string; type: string }[]>(other.child.url.sandbox, `/v1/events?account_id=${account}&limit=100`, key.key));
      expect(events.filter((e) => e.type === 'order.filled')).toHaveLength(3);
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    } finally {
      paused.child.proc.kill('SIGCONT');
    }
  });
});
