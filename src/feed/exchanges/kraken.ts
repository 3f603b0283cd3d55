import { JsonNumber, parseLossless, plainDecimal, type LosslessValue } from './lossless-json.js';
import { crossed, isoMs, readPrice, reverseMarkets, type PriceRead } from './prices.js';
import { SocketSource, type SourceDeps } from './socket-source.js';
import type { SourceConfig } from './types.js';

type LosslessObject = { [key: string]: LosslessValue };
const isObject = (v: LosslessValue | undefined): v is LosslessObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof JsonNumber);

/** Kraken sends prices as JSON numbers: read from their source text (lossless-json.ts), never through a float. */
function krakenPrice(field: string, value: LosslessValue | undefined): PriceRead {
  if (!(value instanceof JsonNumber)) return { ok: false, reason: `${field} is missing or not a number` };
  const text = plainDecimal(value.text);
  if (text === undefined) return { ok: false, reason: `${field} is out of range: ${value.text}` };
  return readPrice(field, text);
}

/**
 * Kraken WebSocket v2 (wss://ws.kraken.com/v2), channel `ticker` (snapshot, then an update at every trade or best
 * bid/offer change). Symbols are Kraken's (BTC/USD). Kraken keeps no sequence numbers on this channel, so there is
 * no gap to detect; it sends `{"channel":"heartbeat"}` about once a second, which keeps the source alive.
 */
export class KrakenSource extends SocketSource {
  private readonly bySymbol: Map<string, string>;

  constructor(config: SourceConfig, deps: SourceDeps) {
    super(config, deps);
    this.bySymbol = reverseMarkets(config.markets);
  }

  protected subscribeMessages(): readonly string[] {
    return [JSON.stringify({ method: 'subscribe', params: { channel: 'ticker', symbol: Object.values(this.config.markets) } })];
  }

  protected onOpen(): void {
    // Nothing is kept per connection: every ticker message carries the whole top of book.
  }

  protected onMessage(text: string, received: number): void {
    let msg: LosslessValue;
    try {
      msg = parseLossless(text);
    } catch {
      return this.garbled('not JSON', text);
    }
    if (!isObject(msg)) return this.garbled('not a JSON object', text);
    if (msg.method !== undefined) {
      if (msg.success === false) this.log.warn({ source: this.config.id, error: msg.error }, 'kraken refused a request');
      return;
    }
    if (msg.channel === 'heartbeat') return this.alive(received);
    if (msg.channel !== 'ticker') return;
    if (!Array.isArray(msg.data)) return this.garbled('ticker message without data', text);
    for (const entry of msg.data) {
      if (!isObject(entry) || typeof entry.symbol !== 'string') {
        this.garbled('ticker entry without symbol', text);
        continue;
      }
      const market = this.bySymbol.get(entry.symbol);
      if (market === undefined) continue;
      const bid = krakenPrice('bid', entry.bid);
      const ask = krakenPrice('ask', entry.ask);
      const last = krakenPrice('last', entry.last);
      if (!bid.ok || !ask.ok || !last.ok) {
        this.garbled([bid, ask, last].flatMap((r) => (r.ok ? [] : [r.reason])).join('; '), text);
        continue;
      }
      const cross = crossed(bid.value, ask.value);
      if (cross !== undefined) {
        this.garbled(`${entry.symbol}: ${cross}`, text);
        continue;
      }
      this.tick(market, bid.value, ask.value, last.value, isoMs(entry.timestamp) ?? null, received, text);
    }
  }
}
