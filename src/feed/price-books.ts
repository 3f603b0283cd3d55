import type { Config } from '../config/config.js';
import type { Environment } from '../schemas/common.js';
import { QuoteBook, type Quote } from './quotes.js';
import type { QuoteOrigin, TickSink } from './tick-log.js';

/**
 * The books the engines price from, one per environment: the live book (stored, restored at start), and the
 * sandbox's, which is the live book itself unless RAMPART_SANDBOX_PRICE_FEED gives the sandbox a feed of its own.
 * Every reader of prices for an environment goes through `for`; the quotes the engine acts on are kept in the
 * tick record through `record`.
 */
export class PriceBooks {
  readonly live = new QuoteBook();
  readonly sandbox: QuoteBook;

  constructor(
    private readonly feeds: Pick<Config, 'priceFeed' | 'sandboxPriceFeed'>,
    private readonly ticks: TickSink,
  ) {
    this.sandbox = feeds.sandboxPriceFeed.kind === 'live' ? this.live : new QuoteBook();
  }

  /** The book an environment prices from. */
  for(environment: Environment): QuoteBook {
    return environment === 'live' ? this.live : this.sandbox;
  }

  /** Whether the sandbox prices from the live book (then a live quote is the sandbox's too). */
  get shared(): boolean {
    return this.sandbox === this.live;
  }

  /** Which feed prices an environment (GET /v1/status `price_feed.source`). */
  source(environment: Environment): Config['priceFeed']['kind'] {
    const own = this.feeds.sandboxPriceFeed;
    return environment === 'sandbox' && own.kind !== 'live' ? own.kind : this.feeds.priceFeed.kind;
  }

  /** Records a quote the engine acts on in the tick record (never throws, never waits). */
  record(q: Quote, origin: QuoteOrigin): void {
    this.ticks.record({ kind: 'quote', market: q.market, time: q.time, bid: q.bid, ask: q.ask, last: q.last, origin });
  }
}
