import type { Clock } from '../../engine/clock.js';
import { BinanceSource } from './binance.js';
import { CoinbaseSource } from './coinbase.js';
import type { FeedLog } from './connection.js';
import { KrakenSource } from './kraken.js';
import type { SocketSource, SourceDeps } from './socket-source.js';
import type { ConnectionOptions, ExchangeSource, SourceConfig, SourceHandlers } from './types.js';

export type { FeedLog } from './connection.js';

const ADAPTERS: Readonly<Record<string, new (config: SourceConfig, deps: SourceDeps) => SocketSource>> = {
  coinbase: CoinbaseSource,
  binance: BinanceSource,
  kraken: KrakenSource,
};

export const EXCHANGES: readonly string[] = Object.keys(ADAPTERS);

/**
 * The adapter for `config.exchange`, not yet started. `random` pins the reconnect jitter (tests); the default is
 * Math.random.
 */
export function createSource(
  config: SourceConfig,
  options: ConnectionOptions,
  clock: Clock,
  handlers: SourceHandlers,
  log: FeedLog,
  random?: () => number,
): ExchangeSource {
  const Adapter = Object.hasOwn(ADAPTERS, config.exchange) ? ADAPTERS[config.exchange] : undefined;
  if (Adapter === undefined) {
    throw new Error(`source ${config.id}: unknown exchange "${config.exchange}" (allowed: ${EXCHANGES.join(', ')})`);
  }
  if (Object.keys(config.markets).length === 0) throw new Error(`source ${config.id}: no markets mapped`);
  return new Adapter(config, { options, clock, handlers, log, ...(random === undefined ? {} : { random }) });
}
