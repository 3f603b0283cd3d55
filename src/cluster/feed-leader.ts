import type { FastifyBaseLogger } from 'fastify';
import { fmt } from '../engine/decimal.js';
import type { FeedSnapshot } from '../feed/feed-status.js';
import type { PriceFeed, Quote } from '../feed/quotes.js';
import type { Lease } from './leases.js';
import type { ClusterOps } from './ops.js';

/**
 * One price source for a cluster: a simulated or replayed feed runs on one node only — the one holding the live
 * environment's partition 0 — and every quote it makes is handed to the other nodes as the operator's manual
 * prices are, so every node's engines see the same prices. A node that takes the lead continues the walk from
 * the latest quotes it was handed (no jump back to the configured start). The exchanges feed also hands on its
 * halts and source states (cluster op 'feed').
 */
export class FeedLeader {
  private leading = false;
  /** The epoch of this node's live/0 lease while it leads: it fences the status it hands on (see ClusterOps). */
  private epoch = 0;

  constructor(
    private readonly feed: PriceFeed,
    private readonly ops: ClusterOps,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** What the feed makes here goes to the others (fire and forget: the next quote supersedes a lost one). */
  handOn(q: Quote): void {
    void this.ops.others({ kind: 'price', market: q.market, bid: fmt(q.bid), ask: fmt(q.ask), last: fmt(q.last) });
  }

  /**
   * The exchanges feed's halts and source states go to the others as they change (and now and then to refresh
   * the sources' last tick times): their engines refuse orders on a market halted here, their /v1/status agrees.
   */
  handStatus(snapshot: FeedSnapshot): void {
    void this.ops.others({ kind: 'feed', snapshot, epoch: this.epoch });
  }

  /** After each lease round: lead while this node holds live/0. */
  update(leases: readonly Lease[]): void {
    const lease = leases.find((l) => l.environment === 'live' && l.partition === 0);
    const lead = lease !== undefined;
    if (lead === this.leading) return;
    this.leading = lead;
    if (lease) {
      // From now on a status from an earlier leader (a message still in flight) is stale here and everywhere.
      this.epoch = lease.epoch;
      this.ops.feedEpoch(lease.epoch);
      this.feed.start({ fromBook: true });
      this.log.info({ feed: this.feed.kind }, 'this node runs the price feed for the cluster');
    } else {
      this.feed.stop();
      this.log.info({ feed: this.feed.kind }, 'this node no longer runs the price feed');
    }
  }

  stop(): void {
    if (this.leading) this.feed.stop();
    this.leading = false;
  }
}
