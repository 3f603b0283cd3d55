import { ONE, type Dec } from '../engine/decimal.js';

/**
 * The composite price of one market from its exchange sources, and the guards that keep a bad source (or a
 * disagreement between sources) from reaching the engine. Pure: the feed (exchange-feed.ts) brings the ticks and
 * the time, and acts on the verdicts. Exact: prices are Dec (bigint), comparisons are made on whole numbers.
 */

/** A source's latest prices for the market, and when it last showed it was alive (a tick, or a heartbeat). */
export interface SourcePrices {
  readonly source: string;
  readonly bid: Dec;
  readonly ask: Dec;
  readonly last: Dec;
  /** Clock time of its latest tick or 'alive' event, whichever is later. */
  readonly seen: number;
}

export interface CompositeParams {
  readonly now: number;
  /** The market's stale_after_ms: a source not seen for longer is not fresh. */
  readonly staleAfterMs: number;
  readonly tickSize: Dec;
  /** Percent of the median (stray_band_pct) a source's mid may lie from it. */
  readonly strayBandPct: Dec;
  readonly minSources: number;
}

export interface SetAside {
  readonly source: string;
  readonly reason: 'strays_from_median';
}

/**
 * - `quote`: the composite, made of `used`, with `setAside` left out;
 * - `disagree`: the sources kept are not a strict majority of the fresh ones: nobody can tell which is right;
 * - `too_few`: fewer fresh (or agreeing) sources than min_sources: no quote at all.
 */
export type Verdict =
  | {
      readonly kind: 'quote';
      readonly bid: Dec;
      readonly ask: Dec;
      readonly last: Dec;
      readonly fresh: readonly string[];
      readonly used: readonly string[];
      readonly setAside: readonly SetAside[];
    }
  | { readonly kind: 'disagree'; readonly fresh: readonly string[]; readonly setAside: readonly SetAside[] }
  | { readonly kind: 'too_few'; readonly fresh: readonly string[]; readonly setAside: readonly SetAside[] };

const HUNDRED = 100n;
const SCALE = ONE as bigint;

/**
 * Twice the median of values (the sum of the two middle ones for an even count, twice the middle one for an odd
 * count): a whole number, so no half unit is lost to a division.
 */
export function twiceMedian(values: readonly bigint[]): bigint {
  if (values.length === 0) throw new RangeError('median of nothing');
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const n = sorted.length;
  return n % 2 === 1 ? 2n * sorted[(n - 1) / 2]! : sorted[n / 2 - 1]! + sorted[n / 2]!;
}

export type TickRounding = 'down' | 'up' | 'nearest_down';

/** The median of positive values, rounded to a multiple of tick (down, up, or to the nearest with ties down). */
export function medianToTick(values: readonly Dec[], tick: Dec, mode: TickRounding): Dec {
  const s = twiceMedian(values); // median = s / 2
  const d = 2n * tick; // median / tick = s / d
  let q: bigint;
  if (mode === 'down') q = floorDiv(s, d);
  else if (mode === 'up') q = -floorDiv(-s, d);
  else q = -floorDiv(-(s - tick), d); // ceil(median/tick − ½): ties go down
  return (q * tick) as Dec;
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/**
 * Whether `mid2` (twice a source's mid) lies farther from the median than band percent of it, the median given
 * as `m4` (four times it; twice the median of doubled mids): |2·mid2 − m4| · 100 > band · m4, in whole numbers.
 */
function strays(mid2: bigint, m4: bigint, band: Dec): boolean {
  const distance = 2n * mid2 - m4;
  return (distance < 0n ? -distance : distance) * HUNDRED * SCALE > (band as bigint) * m4;
}

/** The composite of the sources' latest prices at `now`. */
export function composite(sources: readonly SourcePrices[], p: CompositeParams): Verdict {
  const fresh = sources.filter((s) => p.now - s.seen <= p.staleAfterMs).sort((a, b) => (a.source < b.source ? -1 : 1));
  const freshIds = fresh.map((s) => s.source);
  if (fresh.length === 0 || fresh.length < p.minSources) return { kind: 'too_few', fresh: freshIds, setAside: [] };
  // Twice each mid is bid + ask; the median of those is taken doubled again, so all stays whole.
  const m4 = twiceMedian(fresh.map((s) => s.bid + s.ask));
  const kept: SourcePrices[] = [];
  const setAside: SetAside[] = [];
  for (const s of fresh) {
    if (strays(s.bid + s.ask, m4, p.strayBandPct)) setAside.push({ source: s.source, reason: 'strays_from_median' });
    else kept.push(s);
  }
  if (kept.length * 2 <= fresh.length) return { kind: 'disagree', fresh: freshIds, setAside };
  if (kept.length < p.minSources) return { kind: 'too_few', fresh: freshIds, setAside };
  const bid = medianToTick(kept.map((s) => s.bid), p.tickSize, 'down');
  let ask = medianToTick(kept.map((s) => s.ask), p.tickSize, 'up');
  // Each source's bid ≤ its ask makes the median bid ≤ the median ask; kept regardless, as the engine needs it.
  if (ask < bid) ask = bid;
  const last = medianToTick(kept.map((s) => s.last), p.tickSize, 'nearest_down');
  if (bid <= 0n) return { kind: 'too_few', fresh: freshIds, setAside };
  return { kind: 'quote', bid, ask, last, fresh: freshIds, used: kept.map((s) => s.source), setAside };
}

/** Whether a market is halted by the feed, and since when the sources have agreed (to resume). */
export interface GuardState {
  readonly halted: { readonly since: number } | null;
  /** While halted: Clock time from which every verdict has been an agreement (null: they do not agree now). */
  readonly agreeingSince: number | null;
}

export const OPEN: GuardState = { halted: null, agreeingSince: null };

export type GuardStep =
  | { readonly publish: boolean; readonly state: GuardState; readonly change: 'halt' | 'resume' | null };

/**
 * The halt and its end: the sources disagreeing halts the market at once; it is priced again only once they have
 * agreed for resumeAfterMs without a break (a disagreement, or too few sources, starts the wait over). While
 * halted nothing is published, so neither a stop nor a limit can fill on the disputed price.
 */
export function guard(state: GuardState, verdict: Verdict, now: number, resumeAfterMs: number): GuardStep {
  if (verdict.kind === 'disagree') {
    if (state.halted) return { publish: false, state: { halted: state.halted, agreeingSince: null }, change: null };
    return { publish: false, state: { halted: { since: now }, agreeingSince: null }, change: 'halt' };
  }
  if (!state.halted) return { publish: verdict.kind === 'quote', state, change: null };
  if (verdict.kind === 'too_few') return { publish: false, state: { halted: state.halted, agreeingSince: null }, change: null };
  const since = state.agreeingSince ?? now;
  if (now - since >= resumeAfterMs) return { publish: true, state: OPEN, change: 'resume' };
  return { publish: false, state: { halted: state.halted, agreeingSince: since }, change: null };
}
