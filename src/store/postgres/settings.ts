import type { EnvironmentState, IdempotencyRecord, MarketState, QuoteRow, SettingReads, SettingWrites } from '../port.js';
import type { Q } from './durability.js';

/** Operator switches, settings, named counters, idempotency records and the last quotes. */
export function settingReads(q: Q): SettingReads {
  return {
    getIdempotency: async (scope: string, key: string) =>
      (await q.rows<IdempotencyRecord>('SELECT * FROM idempotency WHERE scope = $1 AND key = $2', [scope, key]))[0],
    listMarketStates: () => q.rows<MarketState>('SELECT market, status, offered FROM market_states'),
    listEnvironmentStates: () => q.rows<EnvironmentState>('SELECT environment, enabled, sandbox_opening FROM environment_states'),
    getSetting: async (name: string) => (await q.rows<{ value: string }>('SELECT value FROM settings WHERE name = $1', [name]))[0]?.value,
    listQuotes: () => q.rows<QuoteRow>('SELECT market, bid, ask, last, time FROM quotes'),
  };
}

export function settingWrites(q: Q): SettingWrites {
  return {
    nextSequence: async (name: string, start: number) =>
      (
        await q.rows<{ value: number }>(
          'INSERT INTO sequences (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = sequences.value + 1 RETURNING value',
          [name, start],
        )
      )[0]!.value,
    putIdempotency: async (r: IdempotencyRecord) => {
      await q.write(
        `INSERT INTO idempotency (scope, key, fingerprint, status, resource_kind, resource_id, body, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint, status = excluded.status,
           resource_kind = excluded.resource_kind, resource_id = excluded.resource_id, body = excluded.body, created_at = excluded.created_at`,
        [r.scope, r.key, r.fingerprint, r.status, r.resource_kind, r.resource_id, r.body, r.created_at],
      );
    },
    deleteIdempotencyBefore: (time: number) => q.changes('DELETE FROM idempotency WHERE created_at < $1', [time]),
    setMarketState: async (s: MarketState) => {
      await q.changes(
        'INSERT INTO market_states (market, status, offered) VALUES ($1, $2, $3) ON CONFLICT (market) DO UPDATE SET status = excluded.status, offered = excluded.offered',
        [s.market, s.status, s.offered],
      );
    },
    setEnvironmentState: async (s: EnvironmentState) => {
      await q.changes(
        `INSERT INTO environment_states (environment, enabled, sandbox_opening) VALUES ($1, $2, $3)
         ON CONFLICT (environment) DO UPDATE SET enabled = excluded.enabled, sandbox_opening = excluded.sandbox_opening`,
        [s.environment, s.enabled, s.sandbox_opening],
      );
    },
    setSetting: async (name: string, value: string) => {
      await q.changes('INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value', [name, value]);
    },
    // Every node stores the same quotes (fanned out): a row another node's transaction is writing is left to it
    // (SKIP LOCKED), so nodes never wait on each other for it (a wait inside a group commit, holding the event log's
    // lock, would deadlock two nodes). The first quote of a market is inserted.
    putQuote: async (r: QuoteRow) => {
      await q.write(
        `WITH free AS (SELECT market FROM quotes WHERE market = $1 FOR UPDATE SKIP LOCKED),
           updated AS (UPDATE quotes SET bid = $2, ask = $3, last = $4, time = $5 WHERE market IN (SELECT market FROM free) RETURNING market)
         INSERT INTO quotes (market, bid, ask, last, time) SELECT $1, $2, $3, $4, $5 WHERE NOT EXISTS (SELECT 1 FROM quotes WHERE market = $1)
         ON CONFLICT (market) DO NOTHING`,
        [r.market, r.bid, r.ask, r.last, r.time],
      );
    },
  };
}
