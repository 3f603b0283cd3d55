/**
 * Trading days: a day rolls over at a time of day in a time zone (RAMPART_TRADING_DAY_START, RAMPART_TIMEZONE).
 * Weekend = the trading days that start on Saturday or Sunday.
 */
const DAY_MS = 86_400_000;

export class TradingCalendar {
  private readonly fmt: Intl.DateTimeFormat;
  /** The last trading day computed, [start, end): most calls fall in it (Intl formatting is slow). */
  private day = { start: 0, end: 0, weekend: false };

  constructor(
    private readonly startMinutes: number,
    readonly timezone: string,
  ) {
    this.fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  }

  /** Offset of the zone from UTC at instant t, in ms (local = utc + offset). */
  private offset(t: number): number {
    const parts = Object.fromEntries(this.fmt.formatToParts(new Date(t)).map((p) => [p.type, p.value]));
    const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
    return local - Math.floor(t / 1000) * 1000;
  }

  /** Start (Unix ms) of the trading day that contains t. */
  dayStart(t: number): number {
    if (t >= this.day.start && t < this.day.end) return this.day.start;
    const start = this.computeDayStart(t);
    let end = this.computeDayStart(start + DAY_MS + 3_600_000 * 3);
    if (end <= start) end = this.computeDayStart(start + DAY_MS * 2);
    const dow = new Date(start + this.offset(start)).getUTCDay();
    this.day = { start, end, weekend: dow === 0 || dow === 6 };
    return start;
  }

  private computeDayStart(t: number): number {
    const off = this.offset(t);
    const shifted = t + off - this.startMinutes * 60_000;
    const localMidnight = Math.floor(shifted / DAY_MS) * DAY_MS;
    let start = localMidnight + this.startMinutes * 60_000 - off;
    // A DST change between the start and t moves the offset; settle on the instant the zone agrees with.
    start = localMidnight + this.startMinutes * 60_000 - this.offset(start);
    if (start > t) start -= DAY_MS;
    return start;
  }

  /** Start of the next trading day after the one containing t (the next rollover). */
  nextRollover(t: number): number {
    this.dayStart(t);
    return this.day.end;
  }

  /** Rollovers between a and b (a ≤ b). */
  rolloversBetween(a: number, b: number): number {
    return Math.max(0, Math.round((this.dayStart(b) - this.dayStart(a)) / DAY_MS));
  }

  /** Whether the trading day containing t started on a Saturday or Sunday (in the zone). */
  isWeekend(t: number): boolean {
    this.dayStart(t);
    return this.day.weekend;
  }
}
