import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSchema, postgresAvailable, recordMessages, type FreshSchema } from '../helpers/postgres.js';
import { TestServer } from '../helpers/server.js';

const available = await postgresAvailable();

/**
 * The messages one node sends PostgreSQL for a placed market order (each a round trip): every statement on every
 * connection of the store's pool, counted as it leaves. The figure is in docs/PERFORMANCE.md.
 */
describe.skipIf(!available)('round trips of a market order on PostgreSQL', () => {
  let s: TestServer;
  let schema: FreshSchema;
  let messages: { text: string }[] = [];

  beforeAll(async () => {
    schema = await freshSchema();
    s = await TestServer.start({ env: { RAMPART_DATABASE_URL: schema.url, RAMPART_RATE_LIMITS: 'off' }, nodes: 1 });
    const pool = (s.app.services.store as unknown as { pool: pg.Pool }).pool;
    messages = recordMessages(pool);
    await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
    await s.settleTrading();
  });
  afterAll(async () => {
    await s?.close();
    await schema?.drop();
  });

  it('counts the messages of a placed market order, its key, customer and account already read once', async () => {
    const t = await s.trader();
    const place = (n: number) =>
      s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: `rt-${n}`, body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' } });
    expect((await place(0)).status).toBe(201);
    await s.settleTrading();
    const counts: number[] = [];
    const notices: number[] = [];
    const commits: string[] = [];
    // The messages of the last order placed.
    let sent: string[] = [];
    for (let i = 1; i <= 5; i++) {
      messages.length = 0;
      const r = await place(i);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      await (s.app.services.store as unknown as { notices: { drain(): Promise<void> } }).notices.drain();
      sent = messages.map((m) => m.text);
      const isNotice = (x: string) => /^BEGIN; SET LOCAL synchronous_commit = off; SELECT pg_notify/.test(x);
      counts.push(sent.filter((x) => !isNotice(x)).length);
      notices.push(sent.filter(isNotice).length);
      commits.push(...sent.filter((x) => /COMMIT/.test(x) && !isNotice(x)));
      if (process.env.RAMPART_SHOW_ROUND_TRIPS) console.log(sent.map((x) => x.split(/;\s*(?=[A-Z])/).map((part) => part.replace(/\s+/g, ' ').slice(0, 40)).join(' | ')).join('\n'), '\n');
    }
    // The fewest: a lease renewal or tick that came in the middle of one is not the order's.
    const fewest = Math.min(...counts);
    console.log(`round trips per placed market order: ${fewest} (${counts.join(', ')}), and its notices to other nodes after the COMMIT: ${notices.join(', ')}`);
    // The key's claim with the order's writes (one message) and the batch's COMMIT: 2. The webhook sender does not
    // look after it: the customer has no endpoint, so the commit made no delivery.
    expect(fewest).toBeLessThanOrEqual(2);
    expect(sent.some((x) => /FROM webhook_deliveries WHERE status = 'pending'/.test(x))).toBe(false);
    expect(fewest).toBeGreaterThan(0);
    // The claim (its lock's name, a literal) travels in the message that writes the order (its id, a literal).
    expect(sent.some((x) => x.includes("'idempotency:") && x.includes("'ord_"))).toBe(true);
    // The notices (its events, its account's figures) in one message of their own, after the COMMIT, not in it.
    expect(Math.min(...notices)).toBe(1);
    expect(commits.every((c) => !/pg_notify/.test(c))).toBe(true);
  });
});
