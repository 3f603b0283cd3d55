import type { Environment } from '../../schemas/common.js';
import type { EnvironmentState, IdempotencyRecord, MarketState, QuoteRow } from '../port.js';
import { upsertInto as upsert, valuesOf } from './dialect.js';
import { bool, type Row } from './rows.js';

const IDEMPOTENCY_COLUMNS = ['scope', 'key', 'fingerprint', 'status', 'resource_kind', 'resource_id', 'body', 'created_at'] as const;
const QUOTE_COLUMNS = ['market', 'bid', 'ask', 'last', 'time'] as const;

/** Markets' and environments' states, named settings, idempotency records, named sequences and the stored quotes. */
export const SETTING_SQL = {
  idempotency: 'SELECT * FROM idempotency WHERE scope = ? AND key = ?',
  markets: 'SELECT market, status, offered FROM market_states',
  environments: 'SELECT environment, enabled, sandbox_opening FROM environment_states',
  setting: 'SELECT value FROM settings WHERE name = ?',
  /** Settings whose names start with a prefix (its length, then the prefix), in name order: exact in both engines, whatever the collation. */
  settingsFrom: 'SELECT name, value FROM settings WHERE substr(name, 1, ?) = ? ORDER BY name',
  quotes: `SELECT ${QUOTE_COLUMNS.join(', ')} FROM quotes`,
  nextSequence: 'INSERT INTO sequences (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = sequences.value + 1 RETURNING value',
  putIdempotency: upsert('idempotency', IDEMPOTENCY_COLUMNS, ['scope', 'key']),
  deleteIdempotency: 'DELETE FROM idempotency WHERE created_at < ?',
  setMarket: upsert('market_states', ['market', 'status', 'offered'], ['market']),
  setEnvironment: upsert('environment_states', ['environment', 'enabled', 'sandbox_opening'], ['environment']),
  setSetting: upsert('settings', ['name', 'value'], ['name']),
  deleteSetting: 'DELETE FROM settings WHERE name = ?',
  /** SQLite's quote write (one writer); PostgreSQL's leaves a row another node is writing to it (settings.ts there). */
  putQuote: upsert('quotes', QUOTE_COLUMNS, ['market']),
} as const;

export const toIdempotency = (r: Row): IdempotencyRecord => ({ ...(r as unknown as IdempotencyRecord), status: Number(r.status), created_at: Number(r.created_at) });
export const idempotencyValues = (r: IdempotencyRecord): unknown[] => valuesOf(r, IDEMPOTENCY_COLUMNS);
export const toMarketState = (r: Row): MarketState => ({ market: r.market as string, status: r.status as MarketState['status'], offered: bool(r.offered) });
export const toEnvironmentState = (r: Row): EnvironmentState => ({
  environment: r.environment as Environment,
  enabled: bool(r.enabled),
  sandbox_opening: bool(r.sandbox_opening),
});
export const toQuote = (r: Row): QuoteRow => ({ market: r.market as string, bid: r.bid as string, ask: r.ask as string, last: r.last as string, time: Number(r.time) });
export const quoteValues = (q: QuoteRow): unknown[] => valuesOf(q, QUOTE_COLUMNS);
