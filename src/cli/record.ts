import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from '../config/config.js';
import { SystemClock } from '../engine/clock.js';
import { fmt } from '../engine/decimal.js';
import { ExchangeFeed, type SourceFactory } from '../feed/exchange-feed.js';
import { FeedStatusBoard } from '../feed/feed-status.js';
import { FeedsConfigError, loadFeedsConfig, type FeedsConfig } from '../config/feeds.js';
import { QuoteBook, type Quote } from '../feed/quotes.js';

export interface RecordOptions {
  readonly market: string;
  /** How long to record; a decimal number of minutes (0.5 = 30 s), at most a day. */
  readonly minutes: number;
  /** The NDJSON file to write; undefined: standard output. */
  readonly out: string | undefined;
}

export interface RecordSummary {
  market: string;
  file: string | null;
  quotes: number;
  first_time: number | null;
  last_time: number | null;
  sources: { id: string; exchange: string; state: string; gaps: number; garbled: number }[];
}

/** The sources of the feeds file (RAMPART_FEEDS_FILE, else config/feeds.json) that price `market`, mapped to it alone. */
export function recordingFeeds(config: Config, env: NodeJS.ProcessEnv, market: string): FeedsConfig {
  if (!config.markets.some((m) => m.id === market)) {
    throw new ConfigError(`--market: unknown market "${market}" (markets: ${config.markets.map((m) => m.id).join(', ')})`);
  }
  let feeds: FeedsConfig;
  if (config.priceFeed.kind === 'exchanges') feeds = config.priceFeed.feeds;
  else {
    const file = env.RAMPART_FEEDS_FILE ? resolve(env.RAMPART_FEEDS_FILE) : resolve(config.configDir, 'feeds.json');
    try {
      feeds = loadFeedsConfig(file, config.markets.map((m) => m.id));
    } catch (err) {
      throw err instanceof FeedsConfigError ? new ConfigError(err.message) : err;
    }
  }
  const sources = feeds.sources.filter((s) => s.markets[market] !== undefined).map((s) => ({ ...s, markets: { [market]: s.markets[market]! } }));
  if (sources.length === 0) throw new ConfigError(`no source in the feeds file prices ${market}`);
  return { ...feeds, sources };
}

/**
 * `rampart record`: connects the market's exchange sources (as the `exchanges` feed does, same guards), and writes
 * every composite quote the engine would have acted on as one NDJSON line `{"market","bid","ask","last","time",
 * "sources","set_aside"}` — the format `RAMPART_PRICE_FEED=replay:<file>` plays back (it ignores the last two). Stops
 * after `minutes` or at SIGINT/SIGTERM, the file complete either way. Touches no store.
 */
export async function record(
  config: Config,
  feeds: FeedsConfig,
  options: RecordOptions,
  log: FastifyBaseLogger,
  createSource?: SourceFactory,
): Promise<RecordSummary> {
  const market = config.markets.find((m) => m.id === options.market)!;
  let out: WriteStream | NodeJS.WriteStream;
  if (options.out) {
    mkdirSync(dirname(resolve(options.out)), { recursive: true });
    out = createWriteStream(options.out, { flags: 'w' });
  } else out = process.stdout;
  const summary: RecordSummary = { market: market.id, file: options.out ? resolve(options.out) : null, quotes: 0, first_time: null, last_time: null, sources: [] };
  const book = new QuoteBook();
  const write = (q: Quote) => {
    const line = {
      market: q.market,
      bid: fmt(q.bid),
      ask: fmt(q.ask),
      last: fmt(q.last),
      time: q.time,
      sources: q.origin?.used ?? [],
      set_aside: q.origin?.setAside ?? [],
    };
    out.write(`${JSON.stringify(line)}\n`);
    summary.quotes++;
    summary.first_time ??= q.time;
    summary.last_time = q.time;
  };
  const board = new FeedStatusBoard();
  const feed = new ExchangeFeed(feeds, [market], { get: (m) => book.get(m), set: (q) => (book.set(q), write(q)) }, new SystemClock(), log, {
    board,
    ...(createSource ? { createSource } : {}),
  });
  feed.start();
  await new Promise<void>((done) => {
    const timer = setTimeout(finish, Math.round(options.minutes * 60_000));
    function finish() {
      clearTimeout(timer);
      process.off('SIGINT', finish);
      process.off('SIGTERM', finish);
      done();
    }
    process.once('SIGINT', finish);
    process.once('SIGTERM', finish);
  });
  summary.sources = board.snapshot.sources.map((s) => ({ id: s.id, exchange: s.exchange, state: s.state, gaps: s.gaps, garbled: s.garbled }));
  await feed.stop();
  if (out !== process.stdout) await new Promise<void>((done, fail) => (out as WriteStream).end((err?: Error | null) => (err ? fail(err) : done())));
  return summary;
}

/** --minutes: a positive decimal number of minutes, at most a day. */
export function parseMinutes(value: string): number {
  const minutes = /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
  if (!(minutes > 0) || minutes > 1440) throw new ConfigError(`--minutes must be a number of minutes above 0 and at most 1440, got "${value}"`);
  return minutes;
}
