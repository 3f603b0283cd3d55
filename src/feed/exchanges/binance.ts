import type { Dec } from '../../engine/decimal.js';
import { crossed, isRecord, mid, readPrice, reverseMarkets, tryJson } from './prices.js';
import { SocketSource, type SourceDeps } from './socket-source.js';
import type { SourceConfig } from './types.js';

interface Book {
  bid?: Dec;
  ask?: Dec;
  last?: Dec;
  /** bookTicker order-book update id: it only grows, across connections too. */
  lastUpdate?: number;
  /** aggTrade id on this connection: +1 per trade; reset at each connection (trades during the outage are gone). */
  lastTrade?: number;
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * Binance spot combined streams: `<url>/stream?streams=btcusdt@bookTicker/btcusdt@aggTrade/…` — the subscription
 * rides in the address, so every reconnect resubscribes by itself and no SUBSCRIBE call can fail on its own.
 * Symbols are Binance pairs (BTCUSDT): Rampart takes the USDT pairs to stand for USD (Binance has no deep USD
 * books; a USDT de-peg is for the composite to spot as a stray source). Binance pings every 20 s (ws answers) and
 * cuts every connection after 24 h; the reconnect handles both.
 */
export class BinanceSource extends SocketSource {
  private readonly bySymbol: Map<string, string>;
  private readonly books = new Map<string, Book>();

  constructor(config: SourceConfig, deps: SourceDeps) {
    super(config, deps);
    this.bySymbol = reverseMarkets(config.markets, (s) => s.toUpperCase());
    for (const market of Object.keys(config.markets)) this.books.set(market, {});
  }

  protected override address(): string {
    const streams = Object.values(this.config.markets).flatMap((s) => [`${s.toLowerCase()}@bookTicker`, `${s.toLowerCase()}@aggTrade`]);
    return `${this.config.url.replace(/\/+$/, '')}/stream?streams=${streams.join('/')}`;
  }

  protected subscribeMessages(): readonly string[] {
    return [];
  }

  protected onOpen(): void {
    for (const book of this.books.values()) delete book.lastTrade;
  }

  protected onMessage(text: string, received: number): void {
    const msg = tryJson(text);
    if (!isRecord(msg)) return this.garbled('not a JSON object', text);
    if (typeof msg.stream !== 'string' || !isRecord(msg.data)) {
      if ('result' in msg || 'error' in msg) this.log.debug({ source: this.config.id, msg }, 'binance method response');
      else this.garbled('not a combined-stream message', text);
      return;
    }
    const data = msg.data;
    const market = typeof data.s === 'string' ? this.bySymbol.get(data.s.toUpperCase()) : undefined;
    if (market === undefined) return this.garbled('unknown or missing symbol', text);
    const book = this.books.get(market) ?? {};
    if (msg.stream.endsWith('@bookTicker')) return this.onBookTicker(market, book, data, text, received);
    if (msg.stream.endsWith('@aggTrade')) return this.onAggTrade(market, book, data, text, received);
  }

  private onBookTicker(market: string, book: Book, data: Record<string, unknown>, text: string, received: number): void {
    if (!isCount(data.u)) return this.garbled('bookTicker without update id u', text);
    if (book.lastUpdate !== undefined && data.u <= book.lastUpdate) return;
    const bid = readPrice('b', data.b);
    const ask = readPrice('a', data.a);
    if (!bid.ok || !ask.ok) return this.garbled([bid, ask].flatMap((r) => (r.ok ? [] : [r.reason])).join('; '), text);
    const cross = crossed(bid.value, ask.value);
    if (cross !== undefined) return this.garbled(`${String(data.s)}: ${cross}`, text);
    book.lastUpdate = data.u;
    // Most updates change only the sizes at the top of the book: no new prices, but proof the quote is current.
    if (book.bid === bid.value && book.ask === ask.value) return this.aliveFor(market, received);
    book.bid = bid.value;
    book.ask = ask.value;
    // Spot bookTicker carries no time; the futures one does (T).
    this.emit(market, book, isCount(data.T) ? data.T : null, received, text);
  }

  private onAggTrade(market: string, book: Book, data: Record<string, unknown>, text: string, received: number): void {
    if (!isCount(data.a)) return this.garbled('aggTrade without aggregate id a', text);
    if (book.lastTrade !== undefined) {
      if (data.a <= book.lastTrade) return;
      if (data.a !== book.lastTrade + 1) return this.gap([market], book.lastTrade + 1, data.a);
    }
    const price = readPrice('p', data.p);
    if (!price.ok) return this.garbled(price.reason, text);
    book.lastTrade = data.a;
    if (book.last === price.value) return this.aliveFor(market, received);
    book.last = price.value;
    this.emit(market, book, isCount(data.T) ? data.T : null, received, text);
  }

  /** A tick needs both sides of the book; until a trade is seen, last is their mid. */
  private emit(market: string, book: Book, exchangeTime: number | null, received: number, raw: string): void {
    if (book.bid === undefined || book.ask === undefined) return;
    this.tick(market, book.bid, book.ask, book.last ?? mid(book.bid, book.ask), exchangeTime, received, raw);
  }
}
