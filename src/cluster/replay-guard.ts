/**
 * The nonces of the signed node-to-node requests taken within the signature window, so that a captured request
 * replayed while its timestamp is still fresh is refused. A nonce is remembered until its request's timestamp
 * leaves the window (a replay after that is stale anyway), so memory follows the request rate over one window.
 *
 * Bounded: past `max` remembered nonces the oldest is forgotten, and from then on any request signed at or before
 * the forgotten one's time is refused too (its nonce can no longer be told apart from a replay). Only requests
 * that took longer to arrive than the memory reaches back are refused that way, and only under a flood of signed
 * requests — which only a holder of the node secret can send: a nonce is remembered only after its MAC matched.
 */
export class ReplayGuard {
  /** sender node + nonce → when the request's timestamp leaves the window. */
  private readonly seen = new Map<string, number>();
  /**
   * The same keys in the order they were taken, from `head` on (a queue: forgetting the oldest moves `head`). Not the
   * Map's own order: a Map whose front was deleted from scans the deleted slots again on every walk from its start.
   */
  private order: string[] = [];
  private head = 0;
  /** Signing times at or before this may belong to a forgotten nonce. */
  private forgottenUpTo = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly windowMs: number,
    private readonly max = 200_000,
  ) {}

  /** True (and remembered) the first time a fresh (node, nonce) is seen; false for a replay or what cannot be told from one. */
  admit(node: string, nonce: string, signedAt: number, now: number): boolean {
    this.forgetStale(now);
    const key = `${node} ${nonce}`;
    if (signedAt <= this.forgottenUpTo || this.seen.has(key)) return false;
    if (this.seen.size >= this.max) {
      const oldest = this.order[this.head]!;
      const until = this.seen.get(oldest)!;
      this.forget();
      this.forgottenUpTo = Math.max(this.forgottenUpTo, until - this.windowMs);
    }
    this.seen.set(key, signedAt + this.windowMs);
    this.order.push(key);
    return true;
  }

  /** How many nonces are remembered now (tests). */
  get size(): number {
    return this.seen.size;
  }

  // Oldest first; it stops at the first still in the window (one signed a little later may wait behind it: harmless).
  private forgetStale(now: number): void {
    while (this.head < this.order.length && this.seen.get(this.order[this.head]!)! < now) this.forget();
  }

  /** Forgets the oldest; the queue drops its forgotten front once that is most of it. */
  private forget(): void {
    this.seen.delete(this.order[this.head]!);
    this.head++;
    if (this.head >= 1024 && this.head * 2 >= this.order.length) {
      this.order = this.order.slice(this.head);
      this.head = 0;
    }
  }
}
