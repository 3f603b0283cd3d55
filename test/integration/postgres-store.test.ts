import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { freshSchema, postgresAvailable, type FreshSchema } from '../helpers/postgres.js';
import { expectError, TestServer } from '../helpers/server.js';

const available = await postgresAvailable();
const resting = { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000' };

/** Rampart started with RAMPART_DATABASE_URL=postgres://… serves from PostgreSQL (real HTTP, fresh schema). */
describe.skipIf(!available)('RAMPART_DATABASE_URL=postgres://…', () => {
  let schema: FreshSchema;
  let s: TestServer;
  beforeAll(async () => {
    schema = await freshSchema();
    s = await TestServer.start({ env: { RAMPART_DATABASE_URL: schema.url } });
    await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
    await s.settleTrading();
  });
  afterAll(async () => {
    await s?.close();
    await schema?.drop();
  });

  async function sql(text: string, params: unknown[] = []) {
    const c = new pg.Client({ connectionString: schema.url });
    await c.connect();
    try {
      return (await c.query(text, params)).rows;
    } finally {
      await c.end();
    }
  }

  it('serves from PostgreSQL: orders and events are in its tables and survive a restart', async () => {
    expect(s.services.store).toBeInstanceOf(PostgresStore);
    const t = await s.trader();
    const placed = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'pg-1', body: resting });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const rows = await sql('SELECT id, status FROM orders WHERE account_id = $1', [t.accountId]);
    expect(rows).toEqual([{ id: placed.body.id, status: placed.body.status }]);
    const events = await s.sandboxCall('GET', '/v1/events?limit=100', { key: t.key });
    expect(events.status).toBe(200);
    expect(events.body.data.map((e: { type: string }) => e.type)).toContain('order.created');

    await s.restart();
    expect(s.services.store).toBeInstanceOf(PostgresStore);
    const again = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders/${placed.body.id}`, { key: t.key });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(placed.body.id);
    // The same Idempotency-Key replays the stored answer after the restart.
    const replay = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'pg-1', body: resting });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(placed.body.id);
  });

  it('takes a name with U+0000 (which PostgreSQL text cannot hold) and shows it back as sent', async () => {
    const r = await s.admin('POST', '/admin/v1/customers', { name: 'nul\u0000name' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const list = await s.admin('GET', '/admin/v1/customers');
    expect(list.body.data.find((c: { id: string }) => c.id === r.body.id).name).toBe('nul\u0000name');
  });

  it("another connection holding the partition's lease row: the write waits, then answers 503 state_unavailable and changes nothing", async () => {
    const t = await s.trader();
    const other = new pg.Client({ connectionString: schema.url });
    await other.connect();
    try {
      // A take-over in progress (or a stuck session) locks the lease row: the order's fence waits for it (lock_timeout).
      await other.query('BEGIN');
      await other.query("SELECT 1 FROM partition_leases WHERE environment = 'sandbox' FOR UPDATE");
      const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'pg-lock', body: resting });
      expectError(r, 503, 'state_unavailable');
      expect(r.body.error.retryable).toBe(true);
      expect(await sql('SELECT id FROM orders WHERE account_id = $1', [t.accountId])).toEqual([]);
    } finally {
      await other.end();
    }
    // Released: the retry with the same key is placed (nothing of the refused call was stored).
    let retry = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'pg-lock', body: resting });
    for (let i = 0; retry.status === 503 && i < 100; i++) {
      // The engine is rebuilt from the store after the rollback (DEVIATIONS: Store failures); retryable until then.
      await new Promise((res) => setTimeout(res, 20));
      retry = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'pg-lock', body: resting });
    }
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(await sql('SELECT id FROM orders WHERE account_id = $1', [t.accountId])).toEqual([{ id: retry.body.id }]);
  });
});

describe('RAMPART_DATABASE_URL schemes', () => {
  it('takes sqlite:, postgres:// and postgresql://; refuses anything else with a clear message', () => {
    for (const url of ['sqlite::memory:', 'postgres://u@h/db', 'postgresql://u@h/db']) {
      expect(loadConfig({ RAMPART_DATABASE_URL: url }).databaseUrl).toBe(url);
    }
    expect(() => loadConfig({ RAMPART_DATABASE_URL: 'mysql://u@h/db' })).toThrow(
      'RAMPART_DATABASE_URL must be sqlite:<file> or postgres://…, got "mysql://u@h/db"',
    );
  });
});
