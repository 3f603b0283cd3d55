import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AccountRecord, CustomerRecord, DeliveryRow, EventRow, OrderRow, Store, StoredCredential } from '../../src/store/port.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { freshSchema, postgresAvailable } from '../helpers/postgres.js';

export interface Opened {
  store: Store;
  /**
   * Another node on the same database: on PostgreSQL a second store on the schema (its own pool, as another
   * process has); on SQLite, one process by design, the same store. Closed by close().
   */
  peer(): Promise<Store>;
  close(): Promise<void>;
}

export interface Adapter {
  name: 'sqlite' | 'postgres';
  available: boolean;
  open(): Promise<Opened>;
}

/** Both adapters; PostgreSQL is unavailable (its tests skip) when no server answers and CI is not set. */
export async function adapters(): Promise<Adapter[]> {
  return [
    {
      name: 'sqlite',
      available: true,
      open: async () => {
        const dir = mkdtempSync(join(tmpdir(), 'rampart-contract-'));
        const store = new SqliteStore(join(dir, 'rampart.db'));
        return { store, peer: async () => store, close: async () => (await store.close(), rmSync(dir, { recursive: true, force: true })) };
      },
    },
    {
      name: 'postgres',
      available: await postgresAvailable(),
      open: async () => {
        const schema = await freshSchema();
        const store = await PostgresStore.open(schema.url);
        const peers: Store[] = [];
        return {
          store,
          peer: async () => {
            const peer = await PostgresStore.open(schema.url);
            peers.push(peer);
            return peer;
          },
          close: async () => {
            await Promise.all([store, ...peers].map((s) => s.close()));
            await schema.drop();
          },
        };
      },
    },
  ];
}

export const customer = (n: number): CustomerRecord => ({ id: `cus_${n}`, number: n, name: `c${n}`, api_enabled: true, created_at: 1000 + n });

export const account = (id: string, customerId: string, o: Partial<AccountRecord> = {}): AccountRecord => ({
  id,
  customer_id: customerId,
  environment: 'live',
  status: 'active',
  stage: 'funded',
  product: 'funded-100k',
  size: '100000',
  starting_balance: '100000',
  balance: '99999.123456789012345678',
  rule: { kind: 'none' } as unknown as AccountRecord['rule'],
  status_reason: null,
  rule_state: null,
  parked: false,
  paused_until: null,
  dead_man_fires_at: null,
  rule_version: 3,
  last_used_at: 1,
  created_at: 1,
  updated_at: 1,
  ...o,
});

export const credential = (id: string, customerId: string, o: Partial<StoredCredential> = {}): StoredCredential => ({
  kind: 'key',
  id,
  customer_id: customerId,
  name: `name ${id}`,
  environment: 'live',
  access: 'trade',
  markets: ['BTC-PERP'],
  reduce_only: false,
  max_order_usd: '1000.50',
  max_position_usd: null,
  loss_stop_usd: '0.000000000000000001',
  ip_allowlist: ['10.0.0.0/8'],
  expires_at: 1_900_000_000_000,
  revoked_at: null,
  created_at: 10,
  last_used_at: null,
  prefix: 'rak_live_abc',
  token_kind: null,
  resource: null,
  origin: null,
  user_id: null,
  session_id: null,
  hash: `hash_${id}`,
  ...o,
});

export const order = (id: string, seq: number, accountId: string, o: Partial<OrderRow> = {}): OrderRow => ({
  id,
  seq,
  environment: 'live',
  account_id: accountId,
  customer_id: 'cus_1',
  client_order_id: null,
  market: 'BTC-PERP',
  status: 'working',
  created_at: 100 + seq,
  updated_at: 100 + seq,
  data: `{"id":"${id}","n":${seq}}`,
  ...o,
});

export const event = (seq: number, accountId: string, o: Partial<EventRow> = {}): EventRow => ({
  seq,
  id: `evt_${o.customer_id ?? 'cus_1'}_${seq}`,
  environment: 'live',
  account_id: accountId,
  customer_id: 'cus_1',
  type: 'order.created',
  created_at: 1000 + seq,
  data: `{"seq":${seq}}`,
  ...o,
});

export const delivery = (id: string, webhookId: string, seq: number, o: Partial<DeliveryRow> = {}): DeliveryRow => ({
  id,
  webhook_id: webhookId,
  event_seq: seq,
  event_id: `evt_${seq}`,
  event_type: 'order.created',
  payload: '{}',
  status: 'pending',
  attempts: 0,
  next_attempt_at: 500,
  created_at: 400,
  finished_at: null,
  ...o,
});

/**
 * A store contract suite, run on both adapters: each test gets a fresh store (after `seed`), closed after it;
 * on PostgreSQL unreachable (outside CI) the suite skips with one line. `store` and `opened` stand for the current
 * test's (calls go to the store opened for that test), so the suite's body reads as if it held one.
 */
export async function storeSuite(title: string, body: (store: Store, opened: Opened) => void, seed?: (store: Store) => Promise<void>): Promise<void> {
  describe.each(await adapters())(title, (adapter) => {
    if (!adapter.available) {
      it.skip('PostgreSQL is unreachable (see the SKIPPED line above)', () => undefined);
      return;
    }
    let current: Opened | undefined;
    beforeEach(async () => {
      current = await adapter.open();
      await seed?.(current.store);
    });
    afterEach(async () => {
      await current?.close();
      current = undefined;
    });
    body(
      forwarding(() => current!.store),
      forwarding(() => current!),
    );
  });
}

/** An object whose properties are read, and methods called, on what `get` answers at the time. */
function forwarding<T extends object>(get: () => T): T {
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = get();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
