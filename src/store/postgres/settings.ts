import type { EnvironmentState, IdempotencyRecord, MarketState, QuoteRow, SettingReads, SettingWrites } from '../port.js';
import { idempotencyValues, SETTING_SQL, toEnvironmentState, toIdempotency, toMarketState, toQuote } from '../sql/settings.js';
import type { Q } from './durability.js';

/** Operator switches, settings, named counters, idempotency records and the last quotes. */
export function settingReads(q: Q): SettingReads {
  return {
    getIdempotency: async (scope: string, key: string) => (await q.rows(SETTING_SQL.idempotency, [scope, key])).map(toIdempotency)[0],
    listMarketStates: async () => (await q.rows(SETTING_SQL.markets)).map(toMarketState),
    listEnvironmentStates: async () => (await q.rows(SETTING_SQL.environments)).map(toEnvironmentState),
    getSetting: async (name: string) => (await q.rows<{ value: string }>(SETTING_SQL.setting, [name]))[0]?.value,
    listSettings: async (prefix: string) => await q.rows<{ name: string; value: string }>(SETTING_SQL.settingsFrom, [prefix.length, prefix]),
    listQuotes: async () => (await q.rows(SETTING_SQL.quotes)).map(toQuote),
  };
}

/**
 * Every node stores the same quotes (fanned out): a row another node's transaction is writing is left to it (SKIP
 * LOCKED), so nodes never wait on each other for it (a wait inside a group commit would hold the node's batch). The
 * first quote of a market is inserted. PostgreSQL's own: SQLite has one writer (SETTING_SQL.putQuote).
 */
const PUT_QUOTE = `WITH free AS (SELECT market FROM quotes WHERE market = $1 FOR UPDATE SKIP LOCKED),
   updated AS (UPDATE quotes SET bid = $2, ask = $3, last = $4, time = $5 WHERE market IN (SELECT market FROM free) RETURNING market)
 INSERT INTO quotes (market, bid, ask, last, time) SELECT $1, $2, $3, $4, $5 WHERE NOT EXISTS (SELECT 1 FROM quotes WHERE market = $1)
 ON CONFLICT (market) DO NOTHING`;

export function settingWrites(q: Q): SettingWrites {
  return {
    nextSequence: async (name: string, start: number) => Number((await q.rows<{ value: number }>(SETTING_SQL.nextSequence, [name, start]))[0]!.value),
    putIdempotency: async (r: IdempotencyRecord) => {
      await q.write(SETTING_SQL.putIdempotency, idempotencyValues(r));
    },
    deleteIdempotencyBefore: (time: number) => q.changes(SETTING_SQL.deleteIdempotency, [time]),
    setMarketState: async (s: MarketState) => {
      await q.changes(SETTING_SQL.setMarket, [s.market, s.status, s.offered]);
    },
    setEnvironmentState: async (s: EnvironmentState) => {
      await q.changes(SETTING_SQL.setEnvironment, [s.environment, s.enabled, s.sandbox_opening]);
    },
    setSetting: async (name: string, value: string) => {
      await q.changes(SETTING_SQL.setSetting, [name, value]);
    },
    deleteSetting: async (name: string) => (await q.changes(SETTING_SQL.deleteSetting, [name])) > 0,
    putQuote: async (r: QuoteRow) => {
      await q.write(PUT_QUOTE, [r.market, r.bid, r.ask, r.last, r.time]);
    },
  };
}
