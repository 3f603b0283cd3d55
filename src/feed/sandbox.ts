import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.js';
import type { Clock } from '../engine/clock.js';
import type { PriceFeed, QuoteSink } from './quotes.js';
import { ReplayFeed } from './replay.js';
import { SimulatedFeed } from './simulated.js';

/**
 * The sandbox's own feed (RAMPART_SANDBOX_PRICE_FEED), writing to `sink` (the sandbox book); none when the sandbox
 * prices from the live book. Its quotes are never stored: a replay starts over at each start, a walk from its
 * configured start (docs/PRICE-FEEDS.md "Sandbox prices").
 */
export function sandboxFeed(
  config: Config,
  sink: QuoteSink,
  clock: Clock,
  markets: ReadonlySet<string>,
  replay: { readonly settled: () => Promise<void>; readonly log: FastifyBaseLogger },
): PriceFeed | undefined {
  const feed = config.sandboxPriceFeed;
  switch (feed.kind) {
    case 'live':
      return undefined;
    case 'simulated':
      return new SimulatedFeed(config.markets, feed.seed, feed.intervalMs, sink, clock);
    case 'replay':
      // At the main replay's pace (RAMPART_REPLAY_SPEED).
      return new ReplayFeed(feed.file, sink, clock, markets, { speed: feed.speed, ...replay });
  }
}
