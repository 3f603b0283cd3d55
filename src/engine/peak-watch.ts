import type { Book } from './book.js';
import { add, div, max, mul, sub, type Dec } from './decimal.js';
import { unrealized } from './netting.js';
import { dependsOnPeakEquity, ruleMetrics, type RuleState } from './rules.js';
import type { Quote } from './types.js';

/**
 * Peak-equity rules without a look per new high (issue 16). An account's equity is balance + Σ ±size × (last −
 * entry); when its sizes are in the ratio of whole numbers g (one market: g = ±1), that is K + c × I with
 * I = Σ gₘ × lastₘ an index shared by every account whose positions point the same way (a class), and c > 0 the
 * account's scale. The day's highest equity (and the intraday-equity drawdown reference) then follows the highest
 * I since the account was last looked at: R = max(R₀, K + c × S). Members looked at since the same running high of
 * I share it as one group, the groups of a class on a stack (older groups have higher anchors; a new high of I
 * merges the groups it passes into one), so a new high costs a few operations per class, not one per account.
 *
 * Exactness: the engine's unrealized P&L rounds (size × (last − entry)) to 18 places; K + c × I is exactly that sum
 * when every last × size is exact and no entry × size is a rounding tie. An account is a member only then: every
 * tick of its class checks the new last against the class's sizes, and a last that would round sends every member
 * back to be looked at (their peaks as of the tick before). Accounts that cannot be members keep the band at their
 * peak (risk.ts) and are looked at on each new high, as before.
 *
 * The drawdown floor and the daily loss from the peak trail the high: a member breaches once I ≤ S − X / c
 * (X the drawdown amount or the daily-loss limit). Each group is watched at its anchor less the smallest such
 * distance (rounded down: looked at on the crossing tick or before), every other limit stays in the account's bands.
 */
interface Member {
  id: string;
  cls: PeakClass;
  group: Group;
  index: number;
  k: Dec;
  c: Dec;
  peak0: Dec;
  /** The drawdown reference at the last look, when the drawdown is intraday-equity (it follows the high too). */
  ref0: Dec | null;
  /** Trailing distance in units of I (null: nothing trails, the peak is only a figure). */
  d: Dec | null;
}

interface Group {
  anchor: Dec;
  members: Member[];
  /** Smallest trailing distance of the members (may be stale-low after a member left: looked at early, never late). */
  minD: Dec | null;
}

interface PeakClass {
  key: string;
  markets: string[];
  weights: bigint[];
  /** gcd of the members' scales (raw): every member's size in market m is a multiple of |gₘ| × gcdC. */
  gcdC: bigint;
  /** Per market: a last is exact for every member (last × size has at most 18 places) when it is a multiple of this (raw). */
  grains: bigint[];
  /** The lasts I was computed from (each tick moves I by gₘ × the change of its market's last). */
  lasts: Dec[];
  i: Dec;
  /** Bottom to top, anchors strictly decreasing, every anchor ≥ i. */
  stack: Group[];
  /** Groups left empty by members that left (at most this many): dropped once they are half the stack. */
  empty: number;
  /** Highest group watch level (anchor − minD), or null; may be stale-high (a scan then recomputes it). */
  trigger: Dec | null;
  size: number;
}

/** What an account brings to its class when it is looked at. */
export interface PeakTerms {
  key: string;
  markets: string[];
  weights: bigint[];
  lasts: Dec[];
  c: Dec;
  i: Dec;
  k: Dec;
  peak0: Dec;
  ref0: Dec | null;
  d: Dec | null;
}

const UNIT = 10n ** 18n;
const HALF = UNIT / 2n;
const gcd = (a: bigint, b: bigint): bigint => {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
};
const abs = (a: bigint): bigint => (a < 0n ? -a : a);

/**
 * The terms of an account on a peak-equity rule that can be a member (null otherwise: no rule judged on the peak,
 * not active, flat, a market without a quote, a last × size that rounds, an entry × size tie, or a limit that is not
 * positive). Called once the account has been judged, so R₀ are the peaks it has now.
 */
export function peakTerms(book: Book, quote: (m: string) => Quote | undefined): PeakTerms | null {
  const rule = book.rule;
  const s = book.rules;
  if (!rule || !s || book.status !== 'active' || !dependsOnPeakEquity(rule) || book.positions.size === 0) return null;
  const ps = [...book.positions.values()].sort((a, b) => (a.market < b.market ? -1 : 1));
  let g = 0n;
  let equity = book.balance;
  const lasts: Dec[] = [];
  for (const p of ps) {
    const last = quote(p.market)?.last;
    if (last === undefined) return null;
    const q = p.size as bigint;
    if (q <= 0n || (last * q) % UNIT !== 0n || abs((p.entryPrice as bigint) * q) % UNIT === HALF) return null;
    g = gcd(g, q);
    lasts.push(last);
    equity = add(equity, unrealized(p, last));
  }
  // Members join at the current I, which R = max(R₀, K + c × S) then counts as seen: only once it has been (the
  // account was judged on this equity), not on an account just loaded above its stored peak.
  if (equity > s.peakEquity || (rule.drawdown?.mode === 'intraday_equity' && equity > s.drawdownReference)) return null;
  const weights = ps.map((p) => ((p.side === 'long' ? 1n : -1n) * (p.size as bigint)) / g);
  let i = 0n;
  for (let n = 0; n < ps.length; n++) i += weights[n]! * lasts[n]!;
  const c = g as Dec;
  const starting = book.startingBalance ?? book.balance;
  const rm = ruleMetrics(rule, s, { balance: book.balance, equity, starting });
  const distances: Dec[] = [];
  if (rule.daily_loss?.basis === 'peak_equity' && rm.dailyLossLimit !== null && !s.dailyLossActed) distances.push(rm.dailyLossLimit);
  const intraday = rule.drawdown?.mode === 'intraday_equity';
  if (intraday && rm.drawdownFloor !== null) distances.push(sub(s.drawdownReference, rm.drawdownFloor));
  let d: Dec | null = null;
  for (const x of distances) {
    const dx = div(x, c, 'floor');
    if (dx <= 0n) return null;
    if (d === null || dx < d) d = dx;
  }
  return {
    key: ps.map((p, n) => `${p.market}:${weights[n]}`).join(' '),
    markets: ps.map((p) => p.market),
    weights,
    lasts,
    c,
    i: i as Dec,
    k: sub(equity, mul(c, i as Dec)),
    peak0: s.peakEquity,
    ref0: intraday ? s.drawdownReference : null,
    d,
  };
}

/** The classes, their groups and their members (see the file's comment). */
export class PeakWatch {
  private readonly classes = new Map<string, PeakClass>();
  private readonly byMarket = new Map<string, PeakClass[]>();
  private readonly members = new Map<string, Member>();

  get size(): number {
    return this.members.size;
  }

  get classCount(): number {
    return this.classes.size;
  }

  has(id: string): boolean {
    return this.members.has(id);
  }

  /** The accounts followed now. */
  ids(): IterableIterator<string> {
    return this.members.keys();
  }

  /**
   * The account joins its class at the class's current I. False when the class's I (kept from the ticks) is not the
   * one the account's quotes give: then it stays on the bands.
   */
  join(id: string, t: PeakTerms): boolean {
    this.leave(id);
    let cls = this.classes.get(t.key);
    if (cls && cls.i !== t.i) return false;
    if (!cls) {
      cls = { key: t.key, markets: t.markets, weights: t.weights, gcdC: 0n, grains: [], lasts: t.lasts, i: t.i, stack: [], empty: 0, trigger: null, size: 0 };
      this.classes.set(t.key, cls);
      for (const m of t.markets) {
        let list = this.byMarket.get(m);
        if (!list) this.byMarket.set(m, (list = []));
        list.push(cls);
      }
    }
    if (cls.empty * 2 > cls.stack.length) {
      cls.stack = cls.stack.filter((g) => g.members.length > 0);
      cls.empty = 0;
    }
    let group = cls.stack[cls.stack.length - 1];
    if (!group || group.anchor !== cls.i) cls.stack.push((group = { anchor: cls.i, members: [], minD: null }));
    const member: Member = { id, cls, group, index: group.members.length, k: t.k, c: t.c, peak0: t.peak0, ref0: t.ref0, d: t.d };
    group.members.push(member);
    if (t.d !== null) {
      if (group.minD === null || t.d < group.minD) group.minD = t.d;
      const level = sub(group.anchor, group.minD!);
      if (cls.trigger === null || level > cls.trigger) cls.trigger = level;
    }
    const gcdC = gcd(cls.gcdC, t.c);
    if (gcdC !== cls.gcdC) {
      cls.gcdC = gcdC;
      cls.grains = cls.weights.map((w) => UNIT / gcd(UNIT, abs(w) * gcdC));
    }
    cls.size++;
    this.members.set(id, member);
    return true;
  }

  /** The account's peak (and intraday drawdown reference) as a full scan would have them now; null when not a member. */
  peaks(id: string): { peakEquity: Dec; drawdownReference: Dec | null } | null {
    const m = this.members.get(id);
    if (!m) return null;
    const high = add(m.k, mul(m.c, m.group.anchor));
    return { peakEquity: max(m.peak0, high), drawdownReference: m.ref0 === null ? null : max(m.ref0, high) };
  }

  /** Writes the derived peaks into the rule state (the account stays a member: R₀ it joined with are kept). */
  settle(id: string, s: RuleState): void {
    const p = this.peaks(id);
    if (!p) return;
    s.peakEquity = p.peakEquity;
    if (p.drawdownReference !== null) s.drawdownReference = p.drawdownReference;
  }

  /** Settles and leaves: the account is about to be looked at, or its positions or balance changed. */
  leave(id: string, s?: RuleState): void {
    const m = this.members.get(id);
    if (!m) return;
    if (s) this.settle(id, s);
    this.members.delete(id);
    this.detach(m);
    const cls = m.cls;
    if (--cls.size === 0) {
      this.classes.delete(cls.key);
      for (const market of cls.markets) {
        const list = this.byMarket.get(market)!;
        list.splice(list.indexOf(cls), 1);
      }
    }
  }

  private detach(m: Member): void {
    const members = m.group.members;
    const last = members.pop()!;
    if (last !== m) {
      members[m.index] = last;
      last.index = m.index;
    }
    if (members.length === 0) m.cls.empty++;
  }

  /**
   * A tick of `market` (after the accounts to be looked at this tick have left): every class holding it moves to the
   * new I, merging the groups a new high passes; returns the members to look at, settled into their rule state by
   * `s` — those a trailing limit may have reached (with the peak as of this tick), and every member of a class whose
   * sizes the new last does not multiply exactly (with the peak as of the tick before).
   */
  tick(market: string, quote: (m: string) => Quote | undefined, rules: (id: string) => RuleState | undefined): string[] {
    const list = this.byMarket.get(market);
    const last = quote(market)?.last;
    if (!list || list.length === 0 || last === undefined) return [];
    const out: string[] = [];
    // Backwards: a class whose last member leaves is taken out of the list (only the one at hand can be).
    for (let n = list.length - 1; n >= 0; n--) {
      const cls = list[n]!;
      const at = cls.markets.indexOf(market);
      if (last % cls.grains[at]! !== 0n) {
        for (const g of [...cls.stack]) for (const m of [...g.members]) this.out(m, rules, out);
        continue;
      }
      const i = (cls.i + cls.weights[at]! * (last - cls.lasts[at]!)) as Dec;
      cls.lasts[at] = last;
      this.move(cls, i);
      if (cls.trigger !== null && cls.i <= cls.trigger) this.scan(cls, rules, out);
    }
    return out;
  }

  private out(m: Member, rules: (id: string) => RuleState | undefined, out: string[]): void {
    const s = rules(m.id);
    this.leave(m.id, s);
    out.push(m.id);
  }

  /** The class's I moves: the groups whose anchor it reaches become one, anchored at it. */
  private move(cls: PeakClass, i: Dec): void {
    const stack = cls.stack;
    if (stack.length > 0 && stack[stack.length - 1]!.anchor <= i) {
      let into: Group | null = null;
      while (stack.length > 0 && stack[stack.length - 1]!.anchor <= i) {
        const g = stack.pop()!;
        if (into === null) into = g;
        else if (g.members.length > into.members.length) {
          this.merge(g, into);
          into = g;
        } else this.merge(into, g);
      }
      into!.anchor = i;
      stack.push(into!);
      if (into!.minD !== null) {
        const level = sub(i, into!.minD);
        if (cls.trigger === null || level > cls.trigger) cls.trigger = level;
      }
    }
    cls.i = i;
  }

  /** Moves the members of `from` into `into` (the larger one keeps its array). */
  private merge(into: Group, from: Group): void {
    for (const m of from.members) {
      m.group = into;
      m.index = into.members.length;
      into.members.push(m);
    }
    from.members.length = 0;
    if (from.minD !== null && (into.minD === null || from.minD < into.minD)) into.minD = from.minD;
  }

  /** I reached the class's watch level: the members whose trailing limit it reached go, the levels are recomputed. */
  private scan(cls: PeakClass, rules: (id: string) => RuleState | undefined, out: string[]): void {
    let trigger: Dec | null = null;
    for (const g of [...cls.stack]) {
      if (g.minD !== null && cls.i <= sub(g.anchor, g.minD)) {
        for (const m of [...g.members]) if (m.d !== null && cls.i <= sub(g.anchor, m.d)) this.out(m, rules, out);
        let minD: Dec | null = null;
        for (const m of g.members) if (m.d !== null && (minD === null || m.d < minD)) minD = m.d;
        g.minD = minD;
      }
      if (g.minD !== null) {
        const level = sub(g.anchor, g.minD);
        if (trigger === null || level > trigger) trigger = level;
      }
    }
    if (this.classes.get(cls.key) === cls) cls.trigger = trigger;
  }
}
