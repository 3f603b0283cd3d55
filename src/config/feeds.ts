import { readFileSync } from 'node:fs';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { dec } from '../engine/decimal.js';
import { PositiveDecimal } from '../schemas/common.js';

/** A source as config/feeds.json describes it (CONTRACT §9). */
export interface SourceConfig {
  readonly id: string;
  readonly exchange: string;
  /** WebSocket address (a test points it at a local fake exchange). */
  readonly url: string;
  /** Our market id → the exchange's symbol (BTC-USD → BTCUSDT on Binance). */
  readonly markets: Readonly<Record<string, string>>;
}

/** Reconnect and liveness timing (config/feeds.json `connection`, every field optional there). */
export interface ConnectionOptions {
  /** First reconnect delay; doubles each failed attempt up to maxBackoffMs, with full jitter. */
  readonly initialBackoffMs: number;
  readonly maxBackoffMs: number;
  /** No message at all for this long: the connection is dead, close it and reconnect. */
  readonly silenceMs: number;
  /** How often the adapter pings (protocol-level ping) to keep the connection and detect a dead peer. */
  readonly pingIntervalMs: number;
}

export const DEFAULT_CONNECTION: ConnectionOptions = {
  initialBackoffMs: 500,
  maxBackoffMs: 30_000,
  silenceMs: 15_000,
  pingIntervalMs: 10_000,
};

/** The exchanges Rampart has an adapter for (src/feed/exchanges). */
export const EXCHANGES = ['coinbase', 'binance', 'kraken'] as const;

const integrityFields = {
  stray_band_pct: Type.Optional(PositiveDecimal),
  resume_after_ms: Type.Optional(Type.Integer({ minimum: 0 })),
  min_sources: Type.Optional(Type.Integer({ minimum: 1 })),
};
const Integrity = Type.Object(integrityFields, { additionalProperties: false });

export const FeedsFile = Type.Object(
  {
    sources: Type.Array(
      Type.Object(
        {
          id: Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,31}$' }),
          exchange: Type.Union(EXCHANGES.map((e) => Type.Literal(e))),
          url: Type.String({ minLength: 1 }),
          markets: Type.Record(Type.String(), Type.String({ minLength: 1, maxLength: 32 })),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
    connection: Type.Optional(
      Type.Object(
        {
          initial_backoff_ms: Type.Optional(Type.Integer({ minimum: 1 })),
          max_backoff_ms: Type.Optional(Type.Integer({ minimum: 1 })),
          silence_ms: Type.Optional(Type.Integer({ minimum: 1 })),
          ping_interval_ms: Type.Optional(Type.Integer({ minimum: 1 })),
        },
        { additionalProperties: false },
      ),
    ),
    integrity: Type.Optional(
      Type.Object({ ...integrityFields, markets: Type.Optional(Type.Record(Type.String(), Integrity)) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);
export type FeedsFile = Static<typeof FeedsFile>;

/** How the composite guards one market's price (docs/PRICE-FEEDS.md "Settings"). */
export interface IntegritySettings {
  /** A source whose mid is farther than this percent of the median from the median is set aside (decimal string). */
  readonly strayBandPct: string;
  /** After a halt, the sources must agree this long (Clock time) before the market is priced again. */
  readonly resumeAfterMs: number;
  /** Fewer fresh sources than this: no quote (the book's quote ages into stale_quote). */
  readonly minSources: number;
}

export const DEFAULT_INTEGRITY: IntegritySettings = { strayBandPct: '1', resumeAfterMs: 5000, minSources: 1 };

/** config/feeds.json, checked against markets.json: what the exchanges feed runs on. */
export interface FeedsConfig {
  readonly file: string;
  readonly sources: readonly SourceConfig[];
  readonly connection: ConnectionOptions;
  /** The settings in force for every market of markets.json (defaults, then the file's, then its per-market ones). */
  readonly integrity: Readonly<Record<string, IntegritySettings>>;
}

/** A feeds file that cannot be run (the message names the file and what is wrong). */
export class FeedsConfigError extends Error {
  override readonly name = 'FeedsConfigError';
}

/** Reads and checks a feeds file; `markets` are the ids of markets.json. */
export function loadFeedsConfig(file: string, markets: readonly string[]): FeedsConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new FeedsConfigError(`cannot read ${file}: ${(err as Error).message}`);
  }
  return parseFeedsConfig(raw, file, markets);
}

export function parseFeedsConfig(raw: unknown, file: string, markets: readonly string[]): FeedsConfig {
  if (!Value.Check(FeedsFile, raw)) {
    const first = [...Value.Errors(FeedsFile, raw)].slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message}`);
    throw new FeedsConfigError(`${file} is invalid: ${first.join('; ')}`);
  }
  const known = new Set(markets);
  const ids = new Set<string>();
  for (const s of raw.sources) {
    if (ids.has(s.id)) throw new FeedsConfigError(`${file}: source id "${s.id}" is used twice`);
    ids.add(s.id);
    if (!isWebSocketUrl(s.url)) throw new FeedsConfigError(`${file}: source "${s.id}" url must be a ws:// or wss:// address, got "${s.url}"`);
    if (Object.keys(s.markets).length === 0) throw new FeedsConfigError(`${file}: source "${s.id}" maps no market`);
    for (const m of Object.keys(s.markets)) {
      if (!known.has(m)) throw new FeedsConfigError(`${file}: source "${s.id}" maps market "${m}", which is not in markets.json`);
    }
  }
  const c = raw.connection ?? {};
  const connection: ConnectionOptions = {
    initialBackoffMs: c.initial_backoff_ms ?? DEFAULT_CONNECTION.initialBackoffMs,
    maxBackoffMs: c.max_backoff_ms ?? DEFAULT_CONNECTION.maxBackoffMs,
    silenceMs: c.silence_ms ?? DEFAULT_CONNECTION.silenceMs,
    pingIntervalMs: c.ping_interval_ms ?? DEFAULT_CONNECTION.pingIntervalMs,
  };
  if (connection.maxBackoffMs < connection.initialBackoffMs) {
    throw new FeedsConfigError(`${file}: connection.max_backoff_ms must not be below initial_backoff_ms`);
  }
  const overrides = raw.integrity?.markets ?? {};
  for (const m of Object.keys(overrides)) {
    if (!known.has(m)) throw new FeedsConfigError(`${file}: integrity.markets names "${m}", which is not in markets.json`);
  }
  const base = { ...DEFAULT_INTEGRITY, ...settings(raw.integrity ?? {}) };
  const integrity: Record<string, IntegritySettings> = {};
  for (const m of markets) {
    const s = { ...base, ...settings(overrides[m] ?? {}) };
    if (dec(s.strayBandPct) <= 0n) throw new FeedsConfigError(`${file}: ${m} stray_band_pct must be above 0`);
    const sources = raw.sources.filter((src) => src.markets[m] !== undefined).length;
    if (sources > 0 && s.minSources > sources) {
      throw new FeedsConfigError(`${file}: ${m} needs min_sources ${s.minSources} but only ${sources} source(s) map it`);
    }
    integrity[m] = s;
  }
  const sources: SourceConfig[] = raw.sources.map((s) => ({ id: s.id, exchange: s.exchange, url: s.url, markets: { ...s.markets } }));
  return { file, sources, connection, integrity };
}

function settings(o: Static<typeof Integrity>): Partial<IntegritySettings> {
  return {
    ...(o.stray_band_pct !== undefined ? { strayBandPct: o.stray_band_pct } : {}),
    ...(o.resume_after_ms !== undefined ? { resumeAfterMs: o.resume_after_ms } : {}),
    ...(o.min_sources !== undefined ? { minSources: o.min_sources } : {}),
  };
}

function isWebSocketUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'ws:' || u.protocol === 'wss:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** The markets of markets.json no source maps (they are never priced by this feed: a warning at start). */
export function unmappedMarkets(feeds: FeedsConfig, markets: readonly string[]): string[] {
  return markets.filter((m) => !feeds.sources.some((s) => s.markets[m] !== undefined));
}
