import type { Dec } from './decimal.js';

/** A resting condition on the last price: "up" fires once last ≥ price (> when strict), "down" once ≤ (<). */
export interface Trigger {
  direction: 'up' | 'down';
  price: Dec;
  strict: boolean;
  /** Tie-break: creation order of the order. */
  seq: number;
  id: string;
}

const fires = (t: Trigger, last: Dec): boolean =>
  t.direction === 'up' ? (t.strict ? last > t.price : last >= t.price) : t.strict ? last < t.price : last <= t.price;

/** Order in which the price path reaches triggers: up ascending, down descending; ties by seq. */
function before(a: Trigger, b: Trigger): boolean {
  if (a.price !== b.price) return a.direction === 'up' ? a.price < b.price : a.price > b.price;
  if (a.strict !== b.strict) return !a.strict; // at equal price a non-strict one is reached first
  return a.seq < b.seq;
}

/**
 * One direction's triggers in reverse path order — the next one the path reaches is last, so firing one is a pop —
 * held in chunks of at most `chunk` so an insertion or removal moves a few hundred entries, not all of them.
 */
class Run {
  private readonly chunks: Trigger[][] = [];

  constructor(private readonly chunk: number) {}

  last(): Trigger | undefined {
    const c = this.chunks[this.chunks.length - 1];
    return c?.[c.length - 1];
  }

  pop(): void {
    const c = this.chunks[this.chunks.length - 1]!;
    c.pop();
    if (c.length === 0) this.chunks.pop();
  }

  /** Where t goes: the first chunk holding a trigger reached before t, and the index of the first such in it. */
  private locate(t: Trigger): [number, number] {
    const chunks = this.chunks;
    let lo = 0;
    let hi = chunks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = chunks[mid]!;
      if (before(c[c.length - 1]!, t)) hi = mid;
      else lo = mid + 1;
    }
    if (lo === chunks.length) return [lo, 0];
    const c = chunks[lo]!;
    let a = 0;
    let b = c.length;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (before(c[mid]!, t)) b = mid;
      else a = mid + 1;
    }
    return [lo, a];
  }

  insert(t: Trigger): void {
    const chunks = this.chunks;
    if (chunks.length === 0) {
      chunks.push([t]);
      return;
    }
    let [ci, i] = this.locate(t);
    if (ci === chunks.length) {
      ci = chunks.length - 1;
      i = chunks[ci]!.length;
    }
    const c = chunks[ci]!;
    if (i === c.length) c.push(t);
    else c.splice(i, 0, t);
    if (c.length > this.chunk) chunks.splice(ci + 1, 0, c.splice(c.length >>> 1));
  }

  /** Removes t (by identity): it sits just below where it would go, among the triggers equal to it. */
  remove(t: Trigger): boolean {
    const chunks = this.chunks;
    let [ci, i] = this.locate(t);
    for (;;) {
      if (i === 0) {
        if (ci === 0) break;
        ci--;
        i = chunks[ci]!.length;
      }
      i--;
      const x = chunks[ci]![i]!;
      if (x === t) {
        this.cut(ci, i);
        return true;
      }
      if (before(t, x)) break;
    }
    for (let c = 0; c < chunks.length; c++) {
      const k = chunks[c]!.indexOf(t);
      if (k >= 0) {
        this.cut(c, k);
        return true;
      }
    }
    return false;
  }

  private cut(ci: number, i: number): void {
    const c = this.chunks[ci]!;
    if (i === c.length - 1) c.pop();
    else c.splice(i, 1);
    if (c.length === 0) this.chunks.splice(ci, 1);
  }
}

/**
 * Resting triggers of one market, indexed by price: a tick costs O(log n + fired) to find what it reached,
 * instead of a scan of every working order; adding or removing one moves at most a chunk of entries.
 */
export class TriggerBook {
  private readonly up: Run;
  private readonly down: Run;
  private readonly byId = new Map<string, Trigger>();

  constructor(chunk = 256) {
    this.up = new Run(chunk);
    this.down = new Run(chunk);
  }

  get size(): number {
    return this.byId.size;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  add(t: Trigger): void {
    this.remove(t.id);
    (t.direction === 'up' ? this.up : this.down).insert(t);
    this.byId.set(t.id, t);
  }

  remove(id: string): void {
    const t = this.byId.get(id);
    if (!t) return;
    this.byId.delete(id);
    (t.direction === 'up' ? this.up : this.down).remove(t);
  }

  /** The next trigger the last price has reached, in path order, or undefined; it is removed from the book. */
  next(last: Dec, rising: boolean): Trigger | undefined {
    const first = rising ? this.up : this.down;
    const second = rising ? this.down : this.up;
    let head = first.last();
    if (head && fires(head, last)) first.pop();
    else {
      head = second.last();
      if (!head || !fires(head, last)) return undefined;
      second.pop();
    }
    this.byId.delete(head.id);
    return head;
  }
}
