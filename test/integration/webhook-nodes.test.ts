import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/engine/clock.js';
import { claimLeaseMs, WebhookDispatcher, type WebhookLimits } from '../../src/events/webhook-dispatcher.js';
import { newWebhookSecret } from '../../src/events/webhook-signature.js';
import type { Store } from '../../src/store/port.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { freshSchema } from '../helpers/postgres.js';
import { WebhookReceiver } from '../helpers/receiver.js';
import { TEST_STORE } from '../helpers/server.js';
import { account, customer, event } from '../store/adapters.js';

const LIMITS: WebhookLimits = { per_customer: 20, timeout_ms: 2000, retry_for_ms: 86_400_000, backoff_first_ms: 10_000, backoff_max_ms: 3_600_000 };
const CLAIM_MS = claimLeaseMs(LIMITS);
const T0 = 1_800_000_000_000;
const SECRET = newWebhookSecret();

/**
 * Two nodes delivering webhooks from one store. On PostgreSQL each node has its own store on one schema (two
 * processes' worth of connections); on SQLite, one process by design, both dispatchers share the store, which
 * runs the same claim and lock code paths.
 */
describe(`webhook delivery from two nodes on one store (${TEST_STORE})`, () => {
  let stores: [Store, Store];
  let cleanup: () => Promise<void>;
  let receiver: WebhookReceiver;
  const clock = new ManualClock(T0);
  const dispatchers: WebhookDispatcher[] = [];
  const node = (store: Store, id: string) => {
    const d = new WebhookDispatcher(store, clock, LIMITS, id, { allowPrivate: true }, pino({ enabled: false }), () => SECRET);
    dispatchers.push(d);
    return d;
  };
  let seq = 0;
  const commitEvents = (store: Store, n: number) =>
    store.transaction(async (tx) => {
      await tx.insertEvents(Array.from({ length: n }, () => (++seq, event(seq, 'acc_1', { id: `evt_${seq}`, created_at: clock.now() }))));
    });

  beforeEach(async () => {
    seq = 0;
    if (TEST_STORE === 'postgres') {
      const schema = await freshSchema();
      stores = [await PostgresStore.open(schema.url), await PostgresStore.open(schema.url)];
      cleanup = async () => (await Promise.all(stores.map((s) => s.close())), await schema.drop());
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'rampart-webhook-nodes-'));
      const store = new SqliteStore(join(dir, 'rampart.db'));
      stores = [store, store];
      cleanup = async () => (await store.close(), rmSync(dir, { recursive: true, force: true }));
    }
    receiver = await WebhookReceiver.start();
    await stores[0].transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertAccount(account('acc_1', 'cus_1'));
      await tx.insertWebhook({
        id: 'whk_1', customer_id: 'cus_1', environment: 'live', url: receiver.url, types: null, account_id: null, secret: 'unused', created_at: T0,
      });
    });
  });
  afterEach(async () => {
    await Promise.all(dispatchers.splice(0).map((d) => d.stop()));
    await receiver.close();
    await cleanup();
  });

  const ids = () => receiver.requests.map((r) => String(r.headers['webhook-id']));

  it('sending at once, two nodes send each webhook-id exactly once (each event wrote its delivery with it)', async () => {
    const [a, b] = [node(stores[0], 'node-a'), node(stores[1], 'node-b')];
    await commitEvents(stores[0], 150);
    // node-b sends what there is; node-a runs after it and with it.
    await b.drain();
    for (let i = 0; i < 5; i++) await commitEvents(i % 2 ? stores[1] : stores[0], 30);
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    await Promise.all([a.drain(), b.drain()]);
    const expected = Array.from({ length: 300 }, (_, i) => `evt_${i + 1}`);
    expect(ids().sort()).toEqual(expected.sort());
    const deliveries = await stores[0].listDeliveries('whk_1', undefined, 1000);
    expect(deliveries).toHaveLength(300);
    expect(deliveries.every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
  });

  it('a delivery claimed by a node that died is sent by another once the claim lapses, with the same webhook-id', async () => {
    const a = node(stores[0], 'node-a');
    await commitEvents(stores[0], 3);
    // node-dead claimed two deliveries (as a dispatcher does: the lease from now), then died.
    const claimed = await stores[1].transaction((tx) =>
      tx.claimDeliveries({ now: clock.now(), node: 'node-dead', until: clock.now() + CLAIM_MS, limit: 2, perEndpoint: 32 }),
    );
    expect(claimed.map((d) => d.event_id)).toEqual(['evt_1', 'evt_2']);
    await a.drain();
    expect(ids()).toEqual(['evt_3']);
    clock.advance(CLAIM_MS - 1);
    await a.drain();
    expect(ids()).toEqual(['evt_3']);
    clock.advance(1);
    await a.drain();
    // Sent at once, so in either order.
    expect(ids().sort()).toEqual(['evt_1', 'evt_2', 'evt_3']);
    const [first, second] = claimed;
    expect((await stores[0].getDelivery(first!.id))?.status).toBe('succeeded');
    expect(await stores[0].listAttempts([first!.id, second!.id])).toMatchObject([
      { delivery_id: first!.id, n: 1, status_code: 204 },
      { delivery_id: second!.id, n: 1, status_code: 204 },
    ].sort((x, y) => (x.delivery_id < y.delivery_id ? -1 : 1)));
  });
});
