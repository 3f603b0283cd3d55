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

/** Binary search: the index of the first trigger the path does not reach before t. */
function firstNotBefore(list: readonly Trigger[], t: Trigger): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(list[mid]!, t)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Resting triggers of one market, indexed by price: a tick costs O(log n + fired) to find what it reached,
 * instead of a scan of every working order.
 */
export class TriggerBook {
  private readonly up: Trigger[] = [];
  private readonly down: Trigger[] = [];
  private readonly byId = new Map<string, Trigger>();

  get size(): number {
    return this.byId.size;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  add(t: Trigger): void {
    this.remove(t.id);
    const list = t.direction === 'up' ? this.up : this.down;
    list.splice(firstNotBefore(list, t), 0, t);
    this.byId.set(t.id, t);
  }

  remove(id: string): void {
    const t = this.byId.get(id);
    if (!t) return;
    this.byId.delete(id);
    const list = t.direction === 'up' ? this.up : this.down;
    for (let i = firstNotBefore(list, t); i < list.length; i++) {
      if (list[i] === t) {
        list.splice(i, 1);
        return;
      }
    }
    const i = list.indexOf(t);
    if (i >= 0) list.splice(i, 1);
  }

  /** The next trigger the last price has reached, in path order, or undefined; it is removed from the book. */
  next(last: Dec, rising: boolean): Trigger | undefined {
    const lists = rising ? [this.up, this.down] : [this.down, this.up];
    for (const list of lists) {
      const head = list[0];
      if (head && fires(head, last)) {
        list.shift();
        this.byId.delete(head.id);
        return head;
      }
    }
    return undefined;
  }
}
