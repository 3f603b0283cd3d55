import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { FastifyBaseLogger } from 'fastify';
import type { ReplaySpeed } from '../config/config.js';
import type { Clock } from '../engine/clock.js';
import { parseDec } from '../engine/decimal.js';
import type { PriceFeed, Quote, QuoteSink } from './quotes.js';

const CHUNK_BYTES = 64 * 1024;
/** Lines sent in one turn of the event loop when many are due at once (a high speed, a burst of one time). */
const LINES_PER_TURN = 1000;
const ORIGIN = { source: 'replay' } as const;

interface Line {
  readonly time: number;
  readonly quote: Omit<Quote, 'time'>;
}

/**
 * The file's lines, read a chunk at a time as they are asked for: a recorded day is never held in memory. Reads are
 * synchronous (a local file, 64 KiB at a time) so the pacing below stays one plain loop; the file is closed when
 * the generator ends or is returned.
 */
function* lines(file: string): Generator<{ text: string; no: number }> {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(CHUNK_BYTES);
    const decoder = new StringDecoder('utf8');
    let rest = '';
    let no = 0;
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      const parts = (rest + decoder.write(buf.subarray(0, n))).split('\n');
      rest = parts.pop() ?? '';
      for (const text of parts) yield { text, no: ++no };
    }
    rest += decoder.end();
    if (rest !== '') yield { text: rest, no: ++no };
  } finally {
    closeSync(fd);
  }
}

/** One line: {"market","bid","ask","last","time"}; other fields a recording carries (source, sources…) are ignored. */
function parseLine(text: string, where: string, markets: ReadonlySet<string>): Line {
  let row: unknown;
  try {
    row = JSON.parse(text);
  } catch {
    throw new Error(`${where}: not JSON`);
  }
  if (typeof row !== 'object' || row === null || Array.isArray(row)) throw new Error(`${where}: not a quote object`);
  const r = row as Record<string, unknown>;
  const price = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? parseDec(String(v)) : undefined);
  const bid = price(r.bid);
  const ask = price(r.ask);
  const last = price(r.last);
  const time = r.time;
  if (typeof r.market !== 'string' || !markets.has(r.market) || bid === undefined || ask === undefined || last === undefined || typeof time !== 'number' || !Number.isFinite(time)) {
    throw new Error(`${where}: not a quote of a known market`);
  }
  return { time, quote: { market: r.market, bid, ask, last, origin: ORIGIN } };
}

export interface ReplayOptions {
  readonly speed: ReplaySpeed;
  /** With speed `max`: resolves once the engines acted on the quotes sent so far (EngineHost.settled). */
  readonly settled?: () => Promise<void>;
  readonly log: FastifyBaseLogger;
}

/**
 * Replays an NDJSON file of {"market","bid","ask","last","time"} at the pace of its own times divided by the speed
 * (RAMPART_REPLAY_SPEED), from the start of the file each time the feed starts. Quotes are stamped with the clock's
 * time on arrival and carry the origin `replay`. The file is checked whole at construction (a bad line stops the
 * start-up with its file:line) and then streamed: one line read ahead, one timer at a time. At the end of the file
 * the feed stops; the quotes then go stale as with any stopped feed.
 */
export class ReplayFeed implements PriceFeed {
  readonly kind = 'replay' as const;
  private reader: Generator<{ text: string; no: number }> | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Each start is a run; callbacks of a stopped run find a newer number and do nothing. */
  private run = 0;
  private next: Line | undefined;
  private firstTime: number | undefined;
  private startedAt = 0;

  constructor(
    private readonly file: string,
    private readonly book: QuoteSink,
    private readonly clock: Clock,
    private readonly markets: ReadonlySet<string>,
    private readonly opts: ReplayOptions,
  ) {
    for (const l of lines(file)) this.parse(l);
  }

  start(): void {
    this.stop();
    const run = this.run;
    this.reader = lines(this.file);
    this.next = undefined;
    this.firstTime = undefined;
    this.startedAt = performance.now();
    this.pump(run);
  }

  stop(): void {
    this.run++;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.reader?.return(undefined);
    this.reader = undefined;
  }

  private parse(l: { text: string; no: number }): Line | undefined {
    return l.text.trim() === '' ? undefined : parseLine(l.text, `${this.file}:${l.no}`, this.markets);
  }

  /** The next quote line of the file, or undefined at its end (or once it can no longer be read). */
  private read(): Line | undefined {
    try {
      for (;;) {
        const r = this.reader?.next();
        if (!r || r.done) return undefined;
        const line = this.parse(r.value);
        if (line) return line;
      }
    } catch (err) {
      // The file changed or went away after the check at start-up: the feed stops there, the server carries on.
      this.opts.log.error({ err, file: this.file }, 'replay: the file can no longer be read');
      return undefined;
    }
  }

  private send(line: Line): void {
    this.book.set({ ...line.quote, time: this.clock.now() });
  }

  /** Sends every line due now, then waits for the next one: one timer (or one engine wait, at `max`) at a time. */
  private pump(run: number): void {
    if (run !== this.run) return;
    for (let sent = 0; sent < LINES_PER_TURN; sent++) {
      this.next ??= this.read();
      const line = this.next;
      if (!line) return this.finish();
      if (this.opts.speed === 'max') {
        this.next = undefined;
        this.send(line);
        const settled = this.opts.settled?.() ?? Promise.resolve();
        void settled.catch(() => undefined).then(() => setImmediate(() => this.pump(run)));
        return;
      }
      this.firstTime ??= line.time;
      const wait = this.startedAt + (line.time - this.firstTime) / this.opts.speed - performance.now();
      if (wait > 0) {
        this.timer = setTimeout(() => this.pump(run), wait);
        this.timer.unref();
        return;
      }
      this.next = undefined;
      this.send(line);
    }
    setImmediate(() => this.pump(run));
  }

  private finish(): void {
    this.stop();
    this.opts.log.info({ file: this.file }, 'replay: end of the file; the price feed stops and its quotes will go stale');
  }
}
