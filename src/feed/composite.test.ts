import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, fmt, type Dec } from '../engine/decimal.js';
import { composite, guard, medianToTick, OPEN, type CompositeParams, type SourcePrices, type Verdict } from './composite.js';

const NOW = 1_000_000;
const params: CompositeParams = { now: NOW, staleAfterMs: 10_000, tickSize: dec('0.5'), strayBandPct: dec('1'), minSources: 1 };

function src(source: string, bid: string, ask: string, last = bid, seen = NOW): SourcePrices {
  return { source, bid: dec(bid), ask: dec(ask), last: dec(last), seen };
}

function quoted(v: Verdict) {
  if (v.kind !== 'quote') throw new Error(`expected a quote, got ${JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? String(x) : x))}`);
  return { bid: fmt(v.bid), ask: fmt(v.ask), last: fmt(v.last), used: v.used, setAside: v.setAside };
}

describe('composite', () => {
  it('one source: its prices rounded outward to the tick (bid down, ask up, last to the nearest)', () => {
    expect(quoted(composite([src('a', '60000.3', '60000.7', '60000.25')], params))).toEqual({
      bid: '60000',
      ask: '60001',
      last: '60000', // 60000.25 is a tie between 60000 and 60000.5: down
      used: ['a'],
      setAside: [],
    });
  });

  it('three sources with one 10% off: that one is set aside, the price comes from the other two', () => {
    const v = composite([src('a', '60000', '60001'), src('b', '60010', '60011'), src('c', '66000', '66001')], params);
    expect(quoted(v)).toEqual({ bid: '60005', ask: '60006', last: '60005', used: ['a', 'b'], setAside: [{ source: 'c', reason: 'strays_from_median' }] });
  });

  it('two sources more than twice the band apart both stray: they disagree', () => {
    const v = composite([src('a', '60000', '60000'), src('b', '61300', '61300')], params);
    expect(v.kind).toBe('disagree');
    expect(v.kind === 'disagree' && v.setAside.map((s) => s.source)).toEqual(['a', 'b']);
  });

  it('two sources within twice the band agree and are averaged', () => {
    const v = composite([src('a', '60000', '60000'), src('b', '61000', '61000')], params);
    expect(quoted(v)).toMatchObject({ bid: '60500', ask: '60500', used: ['a', 'b'] });
  });

  it('a source exactly at the band is kept; one a hair beyond is set aside', () => {
    // Median of mids 100, 100, 101 is 100; 101 is exactly 1% away.
    const at = composite([src('a', '100', '100'), src('b', '100', '100'), src('c', '101', '101')], { ...params, tickSize: dec('0.01') });
    expect(quoted(at).used).toEqual(['a', 'b', 'c']);
    const beyond = composite([src('a', '100', '100'), src('b', '100', '100'), src('c', '101', '101.000000000000000002')], { ...params, tickSize: dec('0.01') });
    expect(quoted(beyond).used).toEqual(['a', 'b']);
  });

  it('a source not seen for longer than stale_after_ms does not count; none fresh is too few', () => {
    const v = composite([src('a', '60000', '60001', '60000', NOW - 10_001), src('b', '70000', '70001', '70000', NOW - 10_000)], params);
    expect(quoted(v)).toMatchObject({ bid: '70000', used: ['b'] });
    expect(composite([src('a', '60000', '60001', '60000', NOW - 10_001)], params)).toEqual({ kind: 'too_few', fresh: [], setAside: [] });
  });

  it('fewer fresh sources than min_sources: too few', () => {
    const v = composite([src('a', '60000', '60001'), src('b', '60000', '60001', '60000', NOW - 20_000)], { ...params, minSources: 2 });
    expect(v).toEqual({ kind: 'too_few', fresh: ['a'], setAside: [] });
  });

  it('four sources, two straying: not a strict majority, the sources disagree', () => {
    const v = composite([src('a', '100', '100'), src('b', '100', '100'), src('c', '110', '110'), src('d', '120', '120')], params);
    expect(v.kind).toBe('disagree');
  });
});

describe('medianToTick', () => {
  const tick = dec('0.5');
  it('takes the middle value, or halfway between the middle two', () => {
    expect(fmt(medianToTick([dec('3'), dec('1'), dec('2')], tick, 'down'))).toBe('2');
    expect(fmt(medianToTick([dec('1'), dec('2')], tick, 'down'))).toBe('1.5');
    expect(fmt(medianToTick([dec('1'), dec('1.5')], tick, 'down'))).toBe('1');
    expect(fmt(medianToTick([dec('1'), dec('1.5')], tick, 'up'))).toBe('1.5');
    expect(fmt(medianToTick([dec('1'), dec('1.5')], tick, 'nearest_down'))).toBe('1');
    expect(fmt(medianToTick([dec('1'), dec('1.6')], tick, 'nearest_down'))).toBe('1.5');
  });
});

describe('guard', () => {
  const agree: Verdict = { kind: 'quote', bid: dec('1') as Dec, ask: dec('2') as Dec, last: dec('1') as Dec, fresh: ['a'], used: ['a'], setAside: [] };
  const disagree: Verdict = { kind: 'disagree', fresh: ['a', 'b'], setAside: [] };
  const tooFew: Verdict = { kind: 'too_few', fresh: [], setAside: [] };

  it('halts at once on disagreement and publishes nothing while halted', () => {
    const s = guard(OPEN, disagree, 100, 5000);
    expect(s).toEqual({ publish: false, state: { halted: { since: 100 }, agreeingSince: null }, change: 'halt' });
    expect(guard(s.state, disagree, 200, 5000)).toMatchObject({ publish: false, change: null, state: { halted: { since: 100 } } });
  });

  it('resumes once the sources agreed for resume_after_ms without a break', () => {
    let s = guard(OPEN, disagree, 0, 5000).state;
    s = guard(s, agree, 1000, 5000).state;
    expect(guard(s, agree, 5999, 5000)).toMatchObject({ publish: false, change: null });
    s = guard(s, disagree, 5999, 5000).state; // a break: the wait starts over
    s = guard(s, agree, 6000, 5000).state;
    s = guard(s, tooFew, 7000, 5000).state; // too few sources is no agreement either
    s = guard(s, agree, 8000, 5000).state;
    expect(guard(s, agree, 12_999, 5000).change).toBeNull();
    expect(guard(s, agree, 13_000, 5000)).toEqual({ publish: true, state: OPEN, change: 'resume' });
  });

  it('an open market publishes agreement and nothing when there are too few sources', () => {
    expect(guard(OPEN, agree, 0, 5000)).toEqual({ publish: true, state: OPEN, change: null });
    expect(guard(OPEN, tooFew, 0, 5000)).toEqual({ publish: false, state: OPEN, change: null });
  });
});

describe('composite properties', () => {
  const TICK = dec('0.01');
  // Prices in hundredths of a hundredth (finer than the tick), 1 to 10 000.
  const price = fc.bigInt({ min: 1n, max: 100_000_000n }).map((n) => (n * 10n ** 14n) as Dec);
  const source = fc.tuple(price, fc.bigInt({ min: 0n, max: 50_000n }), price).map(([bid, spread, last]) => ({ bid, ask: (bid + spread * 10n ** 14n) as Dec, last }));
  const sources = fc.array(source, { minLength: 1, maxLength: 7 }).map((list) => list.map((s, i) => ({ source: `s${i}`, ...s, seen: NOW })));
  const band = fc.constantFrom('0.1', '1', '5', '50').map(dec);

  it('a quote is on the tick, bid ≤ ask, and bounded by the kept sources’ prices widened to the tick', () => {
    fc.assert(
      fc.property(sources, band, (list, strayBandPct) => {
        const v = composite(list, { ...params, tickSize: TICK, strayBandPct });
        if (v.kind !== 'quote') return;
        expect(v.bid % TICK).toBe(0n);
        expect(v.ask % TICK).toBe(0n);
        expect(v.last % TICK).toBe(0n);
        expect(v.bid <= v.ask).toBe(true);
        const kept = list.filter((s) => v.used.includes(s.source));
        const lo = (xs: Dec[]) => xs.reduce((a, b) => (a < b ? a : b));
        const hi = (xs: Dec[]) => xs.reduce((a, b) => (a > b ? a : b));
        expect(v.bid <= hi(kept.map((s) => s.bid))).toBe(true);
        expect(v.bid > lo(kept.map((s) => s.bid)) - TICK).toBe(true);
        expect(v.ask >= lo(kept.map((s) => s.ask))).toBe(true);
        expect(v.ask < hi(kept.map((s) => s.ask)) + TICK).toBe(true);
      }),
    );
  });

  it('the sources used are a strict majority of the fresh ones; the others are those set aside', () => {
    fc.assert(
      fc.property(sources, band, (list, strayBandPct) => {
        const v = composite(list, { ...params, tickSize: TICK, strayBandPct });
        if (v.kind === 'quote') {
          expect(v.used.length * 2).toBeGreaterThan(v.fresh.length);
          expect([...v.used, ...v.setAside.map((s) => s.source)].sort()).toEqual([...v.fresh].sort());
        } else if (v.kind === 'disagree') {
          expect((v.fresh.length - v.setAside.length) * 2).toBeLessThanOrEqual(v.fresh.length);
        }
      }),
    );
  });

  it('a single outlier among three or more agreeing sources never moves the price', () => {
    fc.assert(
      fc.property(price.filter((p) => p >= TICK), fc.integer({ min: 3, max: 6 }), fc.constantFrom('2', '0.5', '10'), (p, n, factor) => {
        const same = Array.from({ length: n }, (_, i) => ({ source: `s${i}`, bid: p, ask: p, last: p, seen: NOW }));
        const odd = ((p * dec(factor)) / 10n ** 18n) as Dec;
        const v = composite([...same, { source: 'odd', bid: odd, ask: odd, last: odd, seen: NOW }], { ...params, tickSize: TICK });
        expect(v.kind).toBe('quote');
        if (v.kind === 'quote') {
          expect(v.setAside).toEqual([{ source: 'odd', reason: 'strays_from_median' }]);
          expect(v.bid).toBe(medianToTick([p], TICK, 'down'));
        }
      }),
    );
  });

  it('the median does not depend on the order of the sources', () => {
    fc.assert(
      fc.property(sources, (list) => {
        const a = composite(list, { ...params, tickSize: TICK });
        const b = composite([...list].reverse(), { ...params, tickSize: TICK });
        expect(b).toEqual(a);
      }),
    );
  });
});
