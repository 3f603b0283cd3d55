import type { EnvironmentState, IdempotencyRecord, MarketState, QuoteRow, SettingReads, SettingWrites } from '../port.js';
import { sqliteValues } from '../sql/dialect.js';
import type { Row } from '../sql/rows.js';
import { idempotencyValues, quoteValues, SETTING_SQL, toEnvironmentState, toIdempotency, toMarketState, toQuote } from '../sql/settings.js';
import type { Sql } from './durability.js';

/** Markets' and environments' states, named settings, idempotency records, named sequences and the stored quotes. */
export function settingReads(sql: Sql): SettingReads {
  const idempotency = sql.stmt(SETTING_SQL.idempotency);
  const markets = sql.stmt(SETTING_SQL.markets);
  const environments = sql.stmt(SETTING_SQL.environments);
  const setting = sql.stmt(SETTING_SQL.setting);
  const settingsFrom = sql.stmt(SETTING_SQL.settingsFrom);
  const quotes = sql.stmt(SETTING_SQL.quotes);
  return {
    getIdempotency: (scope: string, key: string) =>
      sql.read(() => {
        const r = idempotency.get(scope, key) as Row | undefined;
        return r ? toIdempotency(r) : undefined;
      }),
    listMarketStates: () => sql.read(() => (markets.all() as Row[]).map(toMarketState)),
    listEnvironmentStates: () => sql.read(() => (environments.all() as Row[]).map(toEnvironmentState)),
    getSetting: (name: string) => sql.read(() => (setting.get(name) as Row | undefined)?.value as string | undefined),
    listSettings: (prefix: string) => sql.read(() => (settingsFrom.all(prefix.length, prefix) as Row[]).map((r) => ({ name: r.name as string, value: r.value as string }))),
    listQuotes: () => sql.read(() => (quotes.all() as Row[]).map(toQuote)),
  };
}

export function settingWrites(sql: Sql): SettingWrites {
  const next = sql.stmt(SETTING_SQL.nextSequence);
  const putIdempotency = sql.stmt(SETTING_SQL.putIdempotency);
  const deleteIdempotency = sql.stmt(SETTING_SQL.deleteIdempotency);
  const setMarket = sql.stmt(SETTING_SQL.setMarket);
  const setEnvironment = sql.stmt(SETTING_SQL.setEnvironment);
  const setSetting = sql.stmt(SETTING_SQL.setSetting);
  const deleteSetting = sql.stmt(SETTING_SQL.deleteSetting);
  const putQuote = sql.stmt(SETTING_SQL.putQuote);
  return {
    nextSequence: async (name: string, start: number) => Number((next.get(name, start) as Row).value),
    putIdempotency: async (r: IdempotencyRecord) => {
      putIdempotency.run(idempotencyValues(r));
    },
    deleteIdempotencyBefore: async (time: number) => deleteIdempotency.run(time).changes,
    setMarketState: async (s: MarketState) => {
      setMarket.run(sqliteValues([s.market, s.status, s.offered]));
    },
    setEnvironmentState: async (s: EnvironmentState) => {
      setEnvironment.run(sqliteValues([s.environment, s.enabled, s.sandbox_opening]));
    },
    setSetting: async (name: string, value: string) => {
      setSetting.run(name, value);
    },
    deleteSetting: async (name: string) => deleteSetting.run(name).changes > 0,
    putQuote: async (q: QuoteRow) => {
      putQuote.run(quoteValues(q));
    },
  };
}
