import { max, sub, ZERO, type Dec } from './decimal.js';
import type { Order, Position } from './state.js';
import type { Quote } from './types.js';

/** What an order that may open exposure reserves, as it was when last set: its size and the price it is valued at. */
interface Share {
  readonly size: Dec;
  /** The limit or stop price; null for an order valued at the quote (a market order), priced when asked. */
  readonly price: Dec | null;
}

/** One side of one market: the exact (unrounded) sum of size × price of its fixed-price shares, and the shares. */
class SideSum {
  raw = 0n;
  readonly shares = new Map<string, Share>();
  floating = 0;
  /** The largest size on this side and how many shares have it; unknown (re-found when asked) once the last leaves. */
  private largest: Dec = ZERO;
  private largestCount = 0;
  private largestKnown = true;

  add(id: string, s: Share): void {
    this.shares.set(id, s);
    if (s.price === null) this.floating++;
    else this.raw += s.size * s.price;
    if (!this.largestKnown) return;
    if (s.size > this.largest) {
      this.largest = s.size;
      this.largestCount = 1;
    } else if (s.size === this.largest) this.largestCount++;
  }

  remove(id: string): void {
    const s = this.shares.get(id);
    if (!s) return;
    this.shares.delete(id);
    if (s.price === null) this.floating--;
    else this.raw -= s.size * s.price;
    if (this.largestKnown && s.size === this.largest && --this.largestCount === 0) this.largestKnown = this.shares.size === 0;
    if (this.shares.size === 0) {
      this.largest = ZERO;
      this.largestCount = 0;
    }
  }

  /** The largest size on this side (re-found only after the largest left). */
  maxSize(): Dec {
    if (!this.largestKnown) {
      let m = ZERO;
      let count = 0;
      for (const s of this.shares.values()) {
        if (s.size > m) {
          m = s.size;
          count = 1;
        } else if (s.size === m) count++;
      }
      this.largest = m;
      this.largestCount = count;
      this.largestKnown = true;
    }
    return this.largest;
  }
}

/** The value price of an order priced at the quote (CONTRACT §7): a buy at the ask, a sell at the bid. */
const quoted = (buy: boolean, q: Quote | undefined): Dec => (buy ? (q?.ask ?? ZERO) : (q?.bid ?? ZERO));

/**
 * An account's working orders by id, which also keeps — as orders are set and deleted — what the margin of its
 * opening orders needs (CONTRACT §7): per market and side, the exact sum of size × value price. An account's
 * reservation is then found without visiting its orders: an order on the position's side (or with no position)
 * reserves its whole size; one against the position only the size beyond it, and those are visited only when
 * some order on that side is larger than the position. Setting an order already held replaces its share: the
 * engine sets an order again after changing its size or prices. Reduce-only orders never open and are not kept.
 */
export class OrderMap extends Map<string, Order> {
  private readonly sums = new Map<string, { buy: SideSum; sell: SideSum }>();
  /** Told how many orders came or went (the customer's tally, account-books.ts); set once, by `watch`. */
  private counted: ((delta: number) => void) | undefined;

  static of(orders: Iterable<Order>): OrderMap {
    const m = new OrderMap();
    for (const o of orders) m.set(o.id, o);
    return m;
  }

  /**
   * Tells `counted` of every order that comes or goes from now on; false (and nothing changes) when the map is watched
   * already. The orders it holds now are the caller's to count.
   */
  watch(counted: (delta: number) => void): boolean {
    if (this.counted) return false;
    this.counted = counted;
    return true;
  }

  override set(id: string, o: Order): this {
    // Map's constructor sets nothing here (OrderMap is always built empty), so `sums` exists by now.
    const held = this.forget(id);
    super.set(id, o);
    if (!held) this.counted?.(1);
    if (!o.reduceOnly && o.side !== null) {
      let sums = this.sums.get(o.market);
      if (!sums) this.sums.set(o.market, (sums = { buy: new SideSum(), sell: new SideSum() }));
      const price = o.type === 'limit' || o.type === 'take_limit' ? o.limitPrice! : o.stopPrice;
      (o.side === 'buy' ? sums.buy : sums.sell).add(id, { size: o.size, price });
    }
    return this;
  }

  override delete(id: string): boolean {
    if (!this.forget(id)) return false;
    super.delete(id);
    this.counted?.(-1);
    return true;
  }

  override clear(): void {
    const n = this.size;
    this.sums.clear();
    super.clear();
    if (n > 0) this.counted?.(-n);
  }

  /** Takes the order's share out of the sums; whether the map held it. */
  private forget(id: string): boolean {
    const o = super.get(id);
    if (!o) return false;
    const sums = this.sums.get(o.market);
    if (sums) (o.side === 'buy' ? sums.buy : sums.sell).remove(id);
    return true;
  }

  /** Markets with opening orders (some may reserve nothing, given the position). */
  markets(): IterableIterator<string> {
    return this.sums.keys();
  }

  /** Σ opening size × value price of the market's orders, unrounded (scale² of a Dec), given the position now. */
  openingNotionalRaw(market: string, p: Position | undefined, q: Quote | undefined): bigint {
    // The exposure check asks this of every account of the customer: most hold no working order.
    if (this.size === 0) return 0n;
    const sums = this.sums.get(market);
    if (!sums) return 0n;
    let raw = 0n;
    for (let pass = 0; pass < 2; pass++) {
      const buy = pass === 0;
      const side = buy ? sums.buy : sums.sell;
      if (side.shares.size === 0) continue;
      if (!p || buy === (p.side === 'long')) {
        raw += side.raw;
        if (side.floating > 0) for (const s of side.shares.values()) if (s.price === null) raw += s.size * quoted(buy, q);
      } else if (side.maxSize() > p.size) {
        for (const s of side.shares.values()) {
          if (s.size > p.size) raw += max(ZERO, sub(s.size, p.size)) * (s.price ?? quoted(buy, q));
        }
      }
    }
    return raw;
  }
}
