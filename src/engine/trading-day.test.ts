import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TradingCalendar } from './trading-day.js';

const utc = (s: string) => Date.parse(s);

describe('TradingCalendar', () => {
  it('rolls over at the configured time in UTC', () => {
    const cal = new TradingCalendar(22 * 60, 'UTC');
    expect(cal.dayStart(utc('2026-03-10T21:59:59Z'))).toBe(utc('2026-03-09T22:00:00Z'));
    expect(cal.dayStart(utc('2026-03-10T22:00:00Z'))).toBe(utc('2026-03-10T22:00:00Z'));
    expect(cal.nextRollover(utc('2026-03-10T23:00:00Z'))).toBe(utc('2026-03-11T22:00:00Z'));
  });

  it('follows the zone across a daylight-saving change', () => {
    const cal = new TradingCalendar(17 * 60, 'America/New_York');
    // 2026-03-08 clocks go forward in New York: 17:00 local is 22:00Z before, 21:00Z after.
    expect(cal.dayStart(utc('2026-03-07T23:00:00Z'))).toBe(utc('2026-03-07T22:00:00Z'));
    expect(cal.dayStart(utc('2026-03-09T23:00:00Z'))).toBe(utc('2026-03-09T21:00:00Z'));
  });

  it('follows Europe/Prague across its daylight-saving change (midnight is 23:00Z in winter, 22:00Z in summer)', () => {
    const cal = new TradingCalendar(0, 'Europe/Prague');
    expect(cal.dayStart(utc('2026-03-28T12:00:00Z'))).toBe(utc('2026-03-27T23:00:00Z'));
    expect(cal.nextRollover(utc('2026-03-28T12:00:00Z'))).toBe(utc('2026-03-28T23:00:00Z'));
    // 2026-03-29 01:00Z clocks go forward: that day is 23 hours long.
    expect(cal.nextRollover(utc('2026-03-29T12:00:00Z'))).toBe(utc('2026-03-29T22:00:00Z'));
    expect(cal.rolloversBetween(utc('2026-03-28T12:00:00Z'), utc('2026-03-29T22:30:00Z'))).toBe(2);
  });

  it("names a product's afternoon session by the date it ends on: with 17:00 New York, Friday 17:00 to Sunday 17:00 is the weekend", () => {
    const session = new TradingCalendar(17 * 60, 'America/New_York', 'session');
    const byStart = new TradingCalendar(17 * 60, 'America/New_York');
    // 2026-11-20 is a Friday (EST, UTC−5): 17:00 local = 22:00Z.
    expect(session.isWeekend(utc('2026-11-20T21:59:00Z'))).toBe(false); // Friday's session
    expect(session.isWeekend(utc('2026-11-20T22:00:00Z'))).toBe(true); // opens Friday 17:00: Saturday's
    expect(session.isWeekend(utc('2026-11-22T21:59:00Z'))).toBe(true); // Sunday's
    expect(session.isWeekend(utc('2026-11-22T22:00:00Z'))).toBe(false); // opens Sunday 17:00: Monday's
    expect(byStart.isWeekend(utc('2026-11-20T22:00:00Z'))).toBe(false); // CONTRACT's naming: starts on Friday
    expect(byStart.isWeekend(utc('2026-11-22T22:00:00Z'))).toBe(true); // starts on Sunday
    // A morning rollover names the day by its start either way.
    expect(new TradingCalendar(0, 'Europe/Prague', 'session').isWeekend(utc('2026-11-21T12:00:00Z'))).toBe(true);
    expect(new TradingCalendar(0, 'Europe/Prague', 'session').isWeekend(utc('2026-11-20T22:30:00Z'))).toBe(false);
  });

  it('counts rollovers and knows the weekend', () => {
    const cal = new TradingCalendar(0, 'UTC');
    expect(cal.rolloversBetween(utc('2026-11-20T12:00:00Z'), utc('2026-11-22T01:00:00Z'))).toBe(2);
    expect(cal.isWeekend(utc('2026-11-21T12:00:00Z'))).toBe(true); // Saturday
    expect(cal.isWeekend(utc('2026-11-23T12:00:00Z'))).toBe(false); // Monday
  });

  it('answers the same from its cache of the last day as a fresh calendar, in any order of calls', () => {
    const cached = new TradingCalendar(17 * 60, 'America/New_York');
    const from = utc('2026-03-01T00:00:00Z');
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 * 86_400_000 }), { minLength: 1, maxLength: 30 }), (offsets) => {
        for (const o of offsets) {
          const t = from + o;
          const fresh = new TradingCalendar(17 * 60, 'America/New_York');
          expect(cached.dayStart(t)).toBe(fresh.dayStart(t));
          expect(cached.nextRollover(t)).toBe(new TradingCalendar(17 * 60, 'America/New_York').nextRollover(t));
          expect(cached.isWeekend(t)).toBe(new TradingCalendar(17 * 60, 'America/New_York').isWeekend(t));
        }
      }),
      { numRuns: 50 },
    );
  });
});
