/**
 * Trading days: a day rolls over at a time of day in a time zone (RAMPART_TRADING_DAY_START, RAMPART_TIMEZONE).
 * Weekend = the trading days that start on Saturday or Sunday.
 */
const DAY_MS = 86_400_000;

export class TradingCalendar {
  private readonly fmt: Intl.DateTimeFormat;
  /** The last trading day computed, [start, end): most calls fall in it (Intl formatting is slow). */
  private day = { start: 0, end: 0, weekend: false };

  /**
   * `naming: 'session'` (a product's own trading day): a day that starts at or after noon is named by the date it
   * ends on, as exchanges name their sessions — with a 17:00 rollover, Friday 17:00 to Sunday 17:00 is the weekend
   * and the session that opens Sunday 17:00 is Monday's. `'start'` (the service's, CONTRACT): by the date it starts.
   */
  constructor(
    private readonly startMinutes: number,
    readonly timezone: string,
    private readonly naming: 'start' | 'session' = 'start',
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
    const startDow = new Date(start + this.offset(start)).getUTCDay();
    const dow = this.naming === 'session' && this.startMinutes >= 720 ? (startDow + 1) % 7 : startDow;
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

/** What the engine asks of a trading-day calendar. */
export type DayCalendar = Pick<TradingCalendar, 'dayStart' | 'nextRollover' | 'rolloversBetween' | 'isWeekend'>;

/** A product's own trading day (`rule.trading_day`): the rollover's time of day and its IANA time zone. */
export interface TradingDaySpec {
  rollover: string;
  time_zone: string;
}

/** "HH:MM" → minutes after midnight; null when it is not a time of day. */
export function minutesOfDay(text: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Whether the zone is one this runtime knows (Intl refuses an unknown IANA name). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** One calendar per distinct trading day, shared by every account whose rule names it. */
const ruleCalendars = new Map<string, TradingCalendar>();
const bySpec = new WeakMap<TradingDaySpec, TradingCalendar>();

/** The calendar of a rule: its own trading day when it names one, else the service's (`fallback`). */
export function calendarOf<C extends DayCalendar>(rule: { trading_day?: TradingDaySpec | null } | null | undefined, fallback: C): C | TradingCalendar {
  const spec = rule?.trading_day;
  if (!spec) return fallback;
  let cal = bySpec.get(spec);
  if (cal) return cal;
  const key = `${spec.rollover} ${spec.time_zone}`;
  cal = ruleCalendars.get(key);
  if (!cal) {
    const minutes = minutesOfDay(spec.rollover);
    if (minutes === null) throw new Error(`trading_day.rollover must be HH:MM, got "${spec.rollover}"`);
    ruleCalendars.set(key, (cal = new TradingCalendar(minutes, spec.time_zone, 'session')));
  }
  bySpec.set(spec, cal);
  return cal;
}

/** Every product calendar made so far (the engine rolls each over on its own). */
export function productCalendars(): Iterable<TradingCalendar> {
  return ruleCalendars.values();
}
