import type { FastifyBaseLogger } from 'fastify';
import { fmt } from '../engine/decimal.js';
import type { FeedSnapshot } from '../feed/feed-status.js';
import type { PriceFeed, Quote } from '../feed/quotes.js';
import type { Environment } from '../schemas/common.js';
import type { Lease } from './leases.js';
import type { ClusterOps } from './ops.js';

/** A feed the leader runs, and the environment whose book it writes (the sandbox's own feed beside the live one). */
export interface LedFeed {
  readonly feed: PriceFeed;
  readonly environment: Environment;
  /**
   * Its book's latest quotes, for a feed whose quotes are not stored (the sandbox's own): handed again to each node
   * that joins while this one leads, which would otherwise wait for the market's next quote (a replay may have none).
   */
  readonly latest?: () => Quote[];
}

/**
 * One price source for a cluster: a simulated or replayed feed runs on one node only — the one holding the live
 * environment's partition 0 — and every quote it makes is handed to the other nodes as the operator's manual
 * prices are, so every node's engines see the same prices. A sandbox feed of its own runs beside it on the same
 * node, its quotes handed on for the sandbox's book. A node that takes the lead continues the walk from the latest
 * quotes it was handed (no jump back to the configured start). The exchanges feed also hands on its halts and
 * source states (cluster op 'feed').
 */
export class FeedLeader {
  private leading = false;
  /** The epoch of this node's live/0 lease while it leads: it fences the status it hands on (see ClusterOps). */
  private epoch = 0;
  /** The other nodes told the latest quotes since this node leads (undefined: none yet). */
  private welcomed: Set<string> | undefined;
  private welcoming = false;
  /** The exchanges feed's latest status handed on: a node that joins gets it at once (its halts above all). */
  private status: FeedSnapshot | undefined;

  constructor(
    private readonly feeds: readonly LedFeed[],
    private readonly ops: ClusterOps,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** What a feed makes here goes to the others (fire and forget: the next quote supersedes a lost one). */
  handOn(q: Quote, environment: Environment): void {
    void this.ops.others(this.priceOp(q, environment));
  }

  /**
   * The exchanges feed's halts and source states go to the others as they change (and now and then to refresh
   * the sources' last tick times): their engines refuse orders on a market halted here, their /v1/status agrees.
   */
  handStatus(snapshot: FeedSnapshot): void {
    this.status = snapshot;
    void this.ops.others({ kind: 'feed', snapshot, epoch: this.epoch });
  }

  /** After each lease round: lead while this node holds live/0. */
  update(leases: readonly Lease[]): void {
    const lease = leases.find((l) => l.environment === 'live' && l.partition === 0);
    const lead = lease !== undefined;
    if (lead && (this.feeds.some((f) => f.latest) || this.status)) void this.welcome();
    if (lead === this.leading) return;
    this.leading = lead;
    this.welcomed = undefined;
    this.status = undefined;
    if (lease) {
      // From now on a status from an earlier leader (a message still in flight) is stale here and everywhere.
      this.epoch = lease.epoch;
      this.ops.feedEpoch(lease.epoch);
    }
    for (const { feed, environment } of this.feeds) {
      if (lead) {
        feed.start({ fromBook: true });
        this.log.info({ feed: feed.kind, environment }, 'this node runs the price feed for the cluster');
      } else {
        feed.stop();
        this.log.info({ feed: feed.kind, environment }, 'this node no longer runs the price feed');
      }
    }
  }

  /**
   * Hands what a node cannot read from the store — the latest quotes of the feeds that do not store theirs, and the
   * exchanges feed's halts and sources — to the nodes not told yet (joined, or lately back): a node that starts
   * refuses orders on a halted market from its first lease round on, not from the feed's next status.
   */
  private async welcome(): Promise<void> {
    if (this.welcoming) return;
    this.welcoming = true;
    try {
      const nodes = await this.ops.otherNodes();
      const welcomed = this.welcomed ?? new Set<string>();
      const fresh = nodes.filter((n) => !welcomed.has(n));
      if (fresh.length === 0) return;
      let reached = new Set(fresh);
      if (this.status) {
        const applied = new Set(await this.ops.others({ kind: 'feed', snapshot: this.status, epoch: this.epoch }, fresh));
        reached = new Set([...reached].filter((n) => applied.has(n)));
      }
      for (const { environment, latest } of this.feeds) {
        for (const q of latest?.() ?? []) {
          const applied = new Set(await this.ops.others(this.priceOp(q, environment), fresh));
          reached = new Set([...reached].filter((n) => applied.has(n)));
        }
      }
      // A node that did not answer is tried again after the next round.
      if (this.leading) this.welcomed = new Set([...welcomed].filter((n) => nodes.includes(n)).concat([...reached]));
    } finally {
      this.welcoming = false;
    }
  }

  private priceOp(q: Quote, environment: Environment) {
    return { kind: 'price' as const, market: q.market, bid: fmt(q.bid), ask: fmt(q.ask), last: fmt(q.last), environment };
  }

  stop(): void {
    if (this.leading) for (const { feed } of this.feeds) feed.stop();
    this.leading = false;
  }
}
