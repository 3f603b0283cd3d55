import type { Dec } from '../engine/decimal.js';
import type { QuoteOrigin } from './tick-log.js';

export interface Quote {
  readonly market: string;
  readonly bid: Dec;
  readonly ask: Dec;
  readonly last: Dec;
  /** Clock time the quote arrived. */
  readonly time: number;
  /** Which feed made it (and, for the exchanges' composite, of what): for the tick record. */
  readonly origin?: QuoteOrigin;
}

export type QuoteListener = (q: Quote) => void;

/** The latest quote of every market; the engine and the routes read prices only from here. */
export class QuoteBook {
  private readonly quotes = new Map<string, Quote>();
  private readonly listeners = new Set<QuoteListener>();

  get(market: string): Quote | undefined {
    return this.quotes.get(market);
  }

  set(q: Quote): void {
    this.quotes.set(q.market, q);
    for (const l of this.listeners) l(q);
  }

  onQuote(l: QuoteListener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
}

/** Where a feed writes its quotes (the QuoteBook, or a sink that also hands them to the other nodes). */
export type QuoteSink = Pick<QuoteBook, 'get' | 'set'>;

/** A source of quotes (CONTRACT §1 RAMPART_PRICE_FEED). */
export interface PriceFeed {
  readonly kind: 'simulated' | 'manual' | 'replay' | 'exchanges';
  /** `fromBook`: a walk continues from the book's latest quotes (a node taking the feed over from another). */
  start(options?: { fromBook?: boolean }): void;
  stop(): void;
}
