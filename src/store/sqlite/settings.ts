import type { Environment } from '../../schemas/common.js';
import type { EnvironmentState, IdempotencyRecord, MarketState, QuoteRow, SettingReads, SettingWrites } from '../port.js';
import { bool, type Row } from './connection.js';
import type { Sql } from './durability.js';

/** Markets' and environments' states, named settings, idempotency records, named sequences and the stored quotes. */
export function settingReads(sql: Sql): SettingReads {
  const idempotency = sql.stmt('SELECT * FROM idempotency WHERE scope = ? AND key = ?');
  const markets = sql.stmt('SELECT * FROM market_states');
  const environments = sql.stmt('SELECT * FROM environment_states');
  const setting = sql.stmt('SELECT value FROM settings WHERE name = ?');
  const quotes = sql.stmt('SELECT * FROM quotes');
  return {
    getIdempotency: (scope: string, key: string) =>
      sql.read(() => {
        const r = idempotency.get(scope, key) as Row | undefined;
        return r ? ({ ...r, status: Number(r.status), created_at: Number(r.created_at) } as unknown as IdempotencyRecord) : undefined;
      }),
    listMarketStates: () =>
      sql.read(() =>
        (markets.all() as Row[]).map((r) => ({ market: r.market as string, status: r.status as MarketState['status'], offered: bool(r.offered) })),
      ),
    listEnvironmentStates: () =>
      sql.read(() =>
        (environments.all() as Row[]).map((r) => ({
          environment: r.environment as Environment,
          enabled: bool(r.enabled),
          sandbox_opening: bool(r.sandbox_opening),
        })),
      ),
    getSetting: (name: string) => sql.read(() => (setting.get(name) as Row | undefined)?.value as string | undefined),
    listQuotes: () => sql.read(() => quotes.all() as QuoteRow[]),
  };
}

export function settingWrites(sql: Sql): SettingWrites {
  const next = sql.stmt('INSERT INTO sequences (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = value + 1 RETURNING value');
  const putIdempotency = sql.stmt(
    `INSERT OR REPLACE INTO idempotency (scope, key, fingerprint, status, resource_kind, resource_id, body, created_at)
     VALUES (@scope, @key, @fingerprint, @status, @resource_kind, @resource_id, @body, @created_at)`,
  );
  const deleteIdempotency = sql.stmt('DELETE FROM idempotency WHERE created_at < ?');
  const setMarket = sql.stmt('INSERT OR REPLACE INTO market_states (market, status, offered) VALUES (?, ?, ?)');
  const setEnvironment = sql.stmt('INSERT OR REPLACE INTO environment_states (environment, enabled, sandbox_opening) VALUES (?, ?, ?)');
  const setSetting = sql.stmt('INSERT OR REPLACE INTO settings (name, value) VALUES (?, ?)');
  const putQuote = sql.stmt('INSERT OR REPLACE INTO quotes (market, bid, ask, last, time) VALUES (@market, @bid, @ask, @last, @time)');
  return {
    nextSequence: async (name: string, start: number) => Number((next.get(name, start) as Row).value),
    putIdempotency: async (r: IdempotencyRecord) => {
      putIdempotency.run(r);
    },
    deleteIdempotencyBefore: async (time: number) => deleteIdempotency.run(time).changes,
    setMarketState: async (s: MarketState) => {
      setMarket.run(s.market, s.status, s.offered ? 1 : 0);
    },
    setEnvironmentState: async (s: EnvironmentState) => {
      setEnvironment.run(s.environment, s.enabled ? 1 : 0, s.sandbox_opening ? 1 : 0);
    },
    setSetting: async (name: string, value: string) => {
      setSetting.run(name, value);
    },
    putQuote: async (q: QuoteRow) => {
      putQuote.run(q);
    },
  };
}
