import { crossed, isoMs, isRecord, readPrice, reverseMarkets, tryJson } from './prices.js';
import { SocketSource, type SourceDeps } from './socket-source.js';
import type { SourceConfig } from './types.js';

/**
 * Coinbase Advanced Trade market data (wss://advanced-trade-ws.coinbase.com), channels `ticker` and `heartbeats`.
 * Symbols are Coinbase product ids (BTC-USD). Every message on a connection carries `sequence_num`, one more than
 * the one before: an older one is a late duplicate and is dropped; a jump means messages were lost, so the
 * connection is left (a 'gap' event per market) and a new one subscribes afresh (sequence numbers restart per
 * connection).
 */
export class CoinbaseSource extends SocketSource {
  private readonly bySymbol: Map<string, string>;
  private lastSeq: number | undefined;

  constructor(config: SourceConfig, deps: SourceDeps) {
    super(config, deps);
    this.bySymbol = reverseMarkets(config.markets);
  }

  protected subscribeMessages(): readonly string[] {
    const productIds = Object.values(this.config.markets);
    return [
      JSON.stringify({ type: 'subscribe', product_ids: productIds, channel: 'ticker' }),
      // Heartbeats keep a quiet connection provably alive (one a second) and advance sequence_num.
      JSON.stringify({ type: 'subscribe', channel: 'heartbeats' }),
    ];
  }

  protected onOpen(): void {
    this.lastSeq = undefined;
  }

  protected onMessage(text: string, received: number): void {
    const msg = tryJson(text);
    if (!isRecord(msg)) return this.garbled('not a JSON object', text);
    if (msg.type === 'error') {
      this.log.warn({ source: this.config.id, message: msg.message }, 'coinbase reported an error');
      return;
    }
    const seq = msg.sequence_num;
    if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) return this.garbled('sequence_num is missing or not a count', text);
    if (this.lastSeq !== undefined) {
      if (seq <= this.lastSeq) return;
      if (seq !== this.lastSeq + 1) return this.gap(Object.keys(this.config.markets), this.lastSeq + 1, seq);
    }
    this.lastSeq = seq;
    if (msg.channel === 'heartbeats') return this.alive(received);
    if (msg.channel === 'ticker') return this.onTicker(msg, text, received);
  }

  private onTicker(msg: Record<string, unknown>, text: string, received: number): void {
    if (!Array.isArray(msg.events)) return this.garbled('ticker message without events', text);
    const exchangeTime = isoMs(msg.timestamp) ?? null;
    for (const event of msg.events) {
      if (!isRecord(event) || !Array.isArray(event.tickers)) {
        this.garbled('ticker event without tickers', text);
        continue;
      }
      for (const t of event.tickers) {
        if (!isRecord(t) || typeof t.product_id !== 'string') {
          this.garbled('ticker without product_id', text);
          continue;
        }
        const market = this.bySymbol.get(t.product_id);
        if (market === undefined) continue;
        const bid = readPrice('best_bid', t.best_bid);
        const ask = readPrice('best_ask', t.best_ask);
        const last = readPrice('price', t.price);
        if (!bid.ok || !ask.ok || !last.ok) {
          this.garbled([bid, ask, last].flatMap((r) => (r.ok ? [] : [r.reason])).join('; '), text);
          continue;
        }
        const cross = crossed(bid.value, ask.value);
        if (cross !== undefined) {
          this.garbled(`${t.product_id}: ${cross}`, text);
          continue;
        }
        this.tick(market, bid.value, ask.value, last.value, exchangeTime, received, text);
      }
    }
  }
}
