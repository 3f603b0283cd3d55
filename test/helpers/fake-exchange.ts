import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { WebSocket, WebSocketServer } from 'ws';

export type FakeProtocol = 'coinbase' | 'binance' | 'kraken';

/** Prices as decimal strings; a missing side keeps the value the fake last sent for that market. */
export interface FakeQuote {
  readonly bid?: string;
  readonly ask?: string;
  readonly last?: string;
}

/**
 * How the next message's sequence relates to the one before (Coinbase `sequence_num`, Binance aggTrade `a` and
 * bookTicker `u`): 'next' follows it, 'gap' skips one, 'stale' repeats an old one. Kraken keeps no sequence.
 */
export type SequenceMode = 'next' | 'gap' | 'stale';

export interface PriceOptions {
  readonly sequence?: SequenceMode;
  /** The exchange's event time (ms since epoch) written into the message; a fixed 2026-01-01 by default. */
  readonly time?: number;
}

/** A subscription a client made: the connection it came on (1-based, in order of arrival), channel and symbols. */
export interface FakeSubscription {
  readonly connection: number;
  readonly channel: string;
  readonly symbols: readonly string[];
}

const DEFAULT_TIME = Date.UTC(2026, 0, 1);
const FIXTURES = fileURLToPath(new URL('../fixtures/exchanges/', import.meta.url));

/**
 * A local exchange speaking Coinbase Advanced Trade, Binance combined streams or Kraken v2 over a real WebSocket
 * server on 127.0.0.1 (a free port), for the adapters' tests and the composite's end-to-end ones.
 *
 * - `url` is what goes into the source's config (`SourceConfig.url`); `markets` maps our markets to the exchange's
 *   symbols as that config does.
 * - It records each connection (`connections`, `open`), pings and pongs (`pings`, `pongs`; `ping()` sends one)
 *   and each subscription (`subscriptions`; Binance's come from the combined-stream address), and acknowledges
 *   subscriptions as the exchange does.
 * - `price(market, {bid, ask, last})` builds the protocol's message(s); `heartbeat()`, `play(fixture)` (lines of
 *   test/fixtures/exchanges/<protocol>/<fixture>.ndjson), `send(raw)` and `garbage()` push other traffic.
 * - Faults: `price(…, {sequence: 'gap' | 'stale'})`, `drop()` (cut every connection), `silence()` (send nothing,
 *   not even acknowledgements, until `silence(false)`), `refuse()` (cut new connections right after the handshake).
 * - Coinbase messages get the connection's next `sequence_num` stamped in as they leave, fixtures included.
 * Nothing runs on a timer: traffic leaves only when the test asks, so a test decides what the adapter sees.
 */
export class FakeExchange {
  url = '';
  /** Connections accepted so far (refused ones included). */
  connections = 0;
  readonly subscriptions: FakeSubscription[] = [];
  /** Protocol-level pings received from clients (ws answers each with a pong). */
  pings = 0;
  /** Pongs clients sent back to `ping()`. */
  pongs = 0;
  private server!: WebSocketServer;
  private readonly clients = new Map<WebSocket, { connection: number; seq: number }>();
  private readonly quotes = new Map<string, { bid?: string; ask?: string; last?: string }>();
  /** Binance: the last bookTicker `u` and aggTrade `a` sent, per symbol (upper case). */
  private readonly updateIds = new Map<string, number>();
  private readonly tradeIds = new Map<string, number>();
  private silent = false;
  private refusing = false;

  private constructor(
    readonly protocol: FakeProtocol,
    readonly markets: Readonly<Record<string, string>>,
  ) {}

  static async start(protocol: FakeProtocol, markets: Readonly<Record<string, string>>): Promise<FakeExchange> {
    const fake = new FakeExchange(protocol, markets);
    fake.server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve, reject) => {
      fake.server.once('listening', resolve);
      fake.server.once('error', reject);
    });
    fake.url = `ws://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    fake.server.on('connection', (socket, req) => fake.accept(socket, req));
    return fake;
  }

  /** Connections not yet fully closed (a closing one still counts until its socket is gone). */
  get open(): number {
    return this.clients.size;
  }

  /** Waits until the n-th connection has subscribed (for Binance: has connected). */
  async subscribed(connection: number, timeoutMs = 10_000): Promise<FakeSubscription[]> {
    await waitUntil(() => this.subscriptions.some((s) => s.connection === connection), timeoutMs, `connection ${connection} to subscribe`);
    return this.subscriptions.filter((s) => s.connection === connection);
  }

  async waitForOpen(count: number, timeoutMs = 10_000): Promise<void> {
    await waitUntil(() => this.open === count, timeoutMs, `${count} open connection(s)`);
  }

  /** Sends text (or an object as JSON) to every open connection, as it is (Coinbase: with sequence_num stamped). */
  send(message: string | object, sequence: SequenceMode = 'next'): void {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    for (const [socket, client] of this.clients) {
      if (socket.readyState !== WebSocket.OPEN || this.silent) continue;
      socket.send(this.protocol === 'coinbase' ? stampSequence(text, client, sequence) : text);
    }
    if (this.protocol === 'binance') this.noteBinanceIds(text);
  }

  /** Something that is not JSON at all. */
  garbage(text = '{"channel": "ticker", "data": [oops'): void {
    this.send(text);
  }

  /** Sends every line of test/fixtures/exchanges/<protocol>/<name>.ndjson. */
  play(name: string): void {
    const lines = readFileSync(`${FIXTURES}${this.protocol}/${name}.ndjson`, 'utf8').split('\n');
    for (const line of lines) if (line.trim().length > 0) this.send(line);
  }

  /** The exchange's message(s) for a new top of book and/or last trade in one of our markets. */
  price(market: string, quote: FakeQuote, options: PriceOptions = {}): void {
    const symbol = this.markets[market];
    if (symbol === undefined) throw new Error(`fake ${this.protocol}: market ${market} is not mapped`);
    const merged = { ...this.quotes.get(market), ...quote };
    this.quotes.set(market, merged);
    const sequence = options.sequence ?? 'next';
    const time = options.time ?? DEFAULT_TIME;
    if (this.protocol === 'binance') return this.binancePrice(symbol, quote, merged, sequence, time);
    const { bid, ask, last } = merged;
    if (bid === undefined || ask === undefined || last === undefined) throw new Error(`fake ${this.protocol}: the first price of ${market} needs bid, ask and last`);
    if (this.protocol === 'coinbase') {
      const ticker = { type: 'ticker', product_id: symbol, price: last, volume_24_h: '1000', low_24_h: bid, high_24_h: ask, low_52_w: bid, high_52_w: ask, price_percent_chg_24_h: '0', best_bid: bid, best_bid_quantity: '1', best_ask: ask, best_ask_quantity: '1' };
      return this.send({ channel: 'ticker', client_id: '', timestamp: new Date(time).toISOString(), sequence_num: 0, events: [{ type: 'update', tickers: [ticker] }] }, sequence);
    }
    if (sequence !== 'next') throw new Error('fake kraken: the ticker channel has no sequence to break');
    // Kraken's prices are JSON numbers: written as literal text so no float ever rounds them.
    const fields = [`"symbol":${JSON.stringify(symbol)}`, `"bid":${bid}`, `"bid_qty":1.0`, `"ask":${ask}`, `"ask_qty":1.0`, `"last":${last}`, `"volume":100.0`, `"vwap":${last}`, `"low":${bid}`, `"high":${ask}`, `"change":0.0`, `"change_pct":0.0`, `"timestamp":"${new Date(time).toISOString()}"`];
    this.send(`{"channel":"ticker","type":"update","data":[{${fields.join(',')}}]}`);
  }

  /** Coinbase `heartbeats` or Kraken `heartbeat` (Binance has none: its data is its heartbeat). */
  heartbeat(): void {
    if (this.protocol === 'coinbase') this.send({ channel: 'heartbeats', client_id: '', timestamp: new Date(DEFAULT_TIME).toISOString(), sequence_num: 0, events: [{ current_time: '2026-01-01 00:00:00.000000000 +0000 UTC m=+1.000000001', heartbeat_counter: '1' }] });
    else if (this.protocol === 'kraken') this.send('{"channel":"heartbeat"}');
    else throw new Error('fake binance: Binance sends no heartbeat messages');
  }

  /** A protocol-level ping to every connection, as Binance sends every 20 s; clients must answer with a pong. */
  ping(): void {
    for (const socket of this.clients.keys()) if (socket.readyState === WebSocket.OPEN) socket.ping();
  }

  /** Cuts every open connection (no close frame), as a network failure would. */
  drop(): void {
    for (const socket of this.clients.keys()) socket.terminate();
  }

  /** While silent the fake sends nothing at all (pongs aside: ws answers pings by itself). */
  silence(on = true): void {
    this.silent = on;
  }

  /** While refusing, each new connection is cut right after its handshake, before any message. */
  refuse(on = true): void {
    this.refusing = on;
  }

  async close(): Promise<void> {
    this.drop();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: WebSocket, req: IncomingMessage): void {
    this.connections += 1;
    const connection = this.connections;
    if (this.refusing) {
      socket.terminate();
      return;
    }
    this.clients.set(socket, { connection, seq: 0 });
    socket.on('close', () => this.clients.delete(socket));
    socket.on('error', () => undefined);
    socket.on('ping', () => (this.pings += 1));
    socket.on('pong', () => (this.pongs += 1));
    socket.on('message', (data: Buffer) => this.onClientMessage(socket, connection, data.toString('utf8')));
    if (this.protocol === 'binance') {
      const streams = new URL(req.url ?? '/', 'ws://fake').searchParams.get('streams') ?? '';
      const byChannel = new Map<string, string[]>();
      for (const stream of streams.split('/').filter((s) => s.length > 0)) {
        const [symbol = '', channel = ''] = stream.split('@');
        byChannel.set(channel, [...(byChannel.get(channel) ?? []), symbol]);
      }
      for (const [channel, symbols] of byChannel) this.subscriptions.push({ connection, channel, symbols });
    }
    if (this.protocol === 'kraken' && !this.silent) {
      socket.send(`{"channel":"status","type":"update","data":[{"version":"2.0.0","system":"online","api_version":"v2","connection_id":${connection}}]}`);
    }
  }

  private onClientMessage(socket: WebSocket, connection: number, text: string): void {
    let msg: { type?: string; method?: string; channel?: string; product_ids?: string[]; params?: { channel?: string; symbol?: string[] } };
    try {
      msg = JSON.parse(text) as typeof msg;
    } catch {
      return;
    }
    const reply = (m: string): void => {
      if (!this.silent && socket.readyState === WebSocket.OPEN) socket.send(m);
    };
    if (this.protocol === 'coinbase' && msg.type === 'subscribe' && typeof msg.channel === 'string') {
      const symbols = msg.channel === 'heartbeats' ? ['heartbeats'] : (msg.product_ids ?? []);
      this.subscriptions.push({ connection, channel: msg.channel, symbols });
      const client = this.clients.get(socket);
      if (client !== undefined) {
        const ack = { channel: 'subscriptions', client_id: '', timestamp: new Date(DEFAULT_TIME).toISOString(), sequence_num: 0, events: [{ subscriptions: { [msg.channel]: symbols } }] };
        reply(stampSequence(JSON.stringify(ack), client, 'next'));
      }
    }
    if (this.protocol === 'kraken' && msg.method === 'subscribe' && msg.params?.channel !== undefined) {
      const symbols = msg.params.symbol ?? [];
      this.subscriptions.push({ connection, channel: msg.params.channel, symbols });
      for (const symbol of symbols) {
        reply(JSON.stringify({ method: 'subscribe', result: { channel: msg.params.channel, event_trigger: 'trades', snapshot: true, symbol }, success: true, time_in: '2026-01-01T00:00:00.000000Z', time_out: '2026-01-01T00:00:00.000100Z' }));
      }
    }
  }

  private binancePrice(symbol: string, quote: FakeQuote, merged: FakeQuote, sequence: SequenceMode, time: number): void {
    const s = symbol.toUpperCase();
    const stream = symbol.toLowerCase();
    const shift = sequence === 'gap' ? 2 : sequence === 'stale' ? 0 : 1;
    if (quote.bid !== undefined || quote.ask !== undefined) {
      if (merged.bid === undefined || merged.ask === undefined) throw new Error('fake binance: the first book needs bid and ask');
      // bookTicker ids have no gaps to detect (the book skips ids between top-of-book changes): 'gap' just moves on.
      const u = (this.updateIds.get(s) ?? 400900000) + (sequence === 'stale' ? 0 : 1);
      this.send({ stream: `${stream}@bookTicker`, data: { u, s, b: merged.bid, B: '1.00000000', a: merged.ask, A: '1.00000000' } });
    }
    if (quote.last !== undefined) {
      const a = (this.tradeIds.get(s) ?? 26129000) + shift;
      this.send({ stream: `${stream}@aggTrade`, data: { e: 'aggTrade', E: time, s, a, p: quote.last, q: '0.01000000', f: a * 2, l: a * 2, T: time, m: false, M: true } });
    }
  }

  /** Binance ids the fake sent, fixtures included, so the next price() follows them. */
  private noteBinanceIds(text: string): void {
    let msg: { data?: { s?: unknown; u?: unknown; a?: unknown; e?: unknown } };
    try {
      msg = JSON.parse(text) as typeof msg;
    } catch {
      return;
    }
    const d = msg.data;
    if (d === undefined || typeof d.s !== 'string') return;
    if (d.e === 'aggTrade' && typeof d.a === 'number') this.tradeIds.set(d.s, Math.max(d.a, this.tradeIds.get(d.s) ?? 0));
    else if (typeof d.u === 'number') this.updateIds.set(d.s, Math.max(d.u, this.updateIds.get(d.s) ?? 0));
  }
}

/** Writes the connection's next sequence_num into a Coinbase message ('gap' skips one, 'stale' reuses an old one). */
function stampSequence(text: string, client: { seq: number }, sequence: SequenceMode): string {
  if (!text.includes('"sequence_num"')) return text;
  let seq: number;
  if (sequence === 'stale') seq = Math.max(0, client.seq - 2);
  else {
    if (sequence === 'gap') client.seq += 1;
    seq = client.seq;
    client.seq += 1;
  }
  return text.replace(/"sequence_num":\s*\d+/, `"sequence_num":${seq}`);
}

/** Polls until the condition holds; fails after timeoutMs (generous: a bound, not a measurement). */
export async function waitUntil(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
