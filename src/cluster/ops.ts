import type { NewsService } from '../services/news.js';
import type { FastifyBaseLogger } from 'fastify';
import { ManualClock, type Clock } from '../engine/clock.js';
import type { EngineHost } from '../engine-host/host.js';
import type { FeedSnapshot } from '../feed/feed-status.js';
import type { PriceBooks } from '../feed/price-books.js';
import { ANSWER_WAIT_MS, type EnginePort } from '../engine-host/port.js';
import { ApiError } from '../errors/api-error.js';
import type { Environment } from '../schemas/common.js';
import type { CredentialService } from '../services/credential-service.js';
import type { EnvironmentService } from '../services/environments.js';
import type { MarketService } from '../services/markets.js';
import type { Store } from '../store/port.js';
import type { PartitionRouter } from './forwarding.js';

/** What an operator action changes in this process: the services the composition root made, as far as ops needs them. */
export interface OpsTarget {
  readonly markets: Pick<MarketService, 'setPrice' | 'feedStatus' | 'load'>;
  readonly prices: Pick<PriceBooks, 'live' | 'shared' | 'record'>;
  readonly engineHost: Pick<EngineHost, 'settled' | 'ensureBook' | 'syncAccount'>;
  readonly clock: Clock;
  readonly environments: Pick<EnvironmentService, 'reload'>;
  readonly news: Pick<NewsService, 'load'>;
  readonly store: Pick<Store, 'getAccount'>;
  readonly credentials: Pick<CredentialService, 'accessChanged'>;
  /** This node's engine port alone (never forwards): the operator's restart of the partitions held here. */
  readonly localEngine: Pick<EnginePort, 'execute'>;
}

/**
 * An operator action every node must apply (CONTRACT §8: operator calls act on the whole cluster). The store holds
 * the durable part (market and environment states, the manual clock, accounts, credentials); these messages make
 * every node's memory follow at once, and wait for what follows from them (the engines' work on a price or a
 * clock move), so the operator's answer comes after the whole cluster acted.
 */
export type ClusterOp =
  | { kind: 'price'; market: string; bid: string; ask: string; last: string; environment: Environment }
  | { kind: 'clock'; now: number }
  /** The exchanges feed's halts and sources, from the node leading the feed at lease epoch `epoch` (live/0). */
  | { kind: 'feed'; snapshot: FeedSnapshot; epoch: number }
  | { kind: 'markets' }
  | { kind: 'environments' }
  | { kind: 'news' }
  | { kind: 'accounts'; account_ids: string[] }
  | { kind: 'access' }
  | { kind: 'restart'; environment: Environment }
  | { kind: 'faults'; fault: Record<string, unknown> };

/** The stored manual clock: a node that starts (or restarts) takes the cluster's `now` from it. */
export const CLOCK_SETTING = 'clock.manual_now';

// A node that takes longer is paused or dying: the operator is answered, and that node reads the state it missed.
const FANOUT_TIMEOUT_MS = 5000;

/**
 * Applies operator actions here and on every other live node. With one node (SQLite, or PostgreSQL alone) the
 * fan-out is this node only. A node that does not answer is logged and left: it has lost, or is about to lose, its
 * leases, and a node that starts reads the durable state from the store.
 */
export class ClusterOps {
  /** The highest feed-leader epoch this node has heard of (its own when it leads): older feed statuses are dropped. */
  private feedEpochSeen = 0;

  constructor(
    private readonly target: OpsTarget,
    private readonly router: PartitionRouter | undefined,
    private readonly aliveMs: number,
    private readonly log: FastifyBaseLogger,
    /** How a fault switch is applied in this process (RAMPART_FAULTS=1 only; none otherwise). */
    private readonly applyFault?: (fault: Record<string, unknown>) => unknown,
  ) {}

  /** Applies op here, then on every other live node; resolves when all answered (or failed). Answers the local result. */
  async all(op: ClusterOp): Promise<unknown> {
    const local = await this.apply(op, true);
    await this.others(op);
    return local;
  }

  /**
   * Sends op to every other live node (the caller applied it here its own way), or to the nodes `only` names.
   * Answers the nodes that applied it.
   */
  async others(op: ClusterOp, only?: readonly string[]): Promise<string[]> {
    if (!this.router) return [];
    const urls = only ?? (await this.otherNodes());
    const router = this.router;
    const results = await Promise.allSettled(urls.map((url) => router.post(url, '/internal/v1/ops', op, FANOUT_TIMEOUT_MS)));
    const applied: string[] = [];
    results.forEach((r, i) => {
      if (r.status === 'rejected' || r.value.status !== 200) {
        this.log.warn({ node: urls[i], op: op.kind, err: r.status === 'rejected' ? r.reason : r.value.body }, 'cluster fan-out: a node did not apply an operator action');
      } else applied.push(urls[i]!);
    });
    return applied;
  }

  /** The internal addresses of the other live nodes (none without a cluster, or when the list cannot be read). */
  async otherNodes(): Promise<string[]> {
    if (!this.router) return [];
    return this.router.others(this.aliveMs).catch((err: unknown) => {
      this.log.error({ err }, 'cluster fan-out: the node list could not be read');
      return [] as string[];
    });
  }

  /** This node leads the feed at `epoch`: statuses from earlier leaders are stale from now on. */
  feedEpoch(epoch: number): void {
    this.feedEpochSeen = Math.max(this.feedEpochSeen, epoch);
  }

  /** Applies op in this process; `received`: the operator's call came to this node (not a fan-out from another). */
  async apply(op: ClusterOp, received = false): Promise<unknown> {
    const r = this.target;
    switch (op.kind) {
      case 'price': {
        // A price without an environment (a node of an earlier version) is the live book's, as it was then.
        const environment = op.environment === 'sandbox' ? 'sandbox' : 'live';
        const view = r.markets.setPrice(op.market, op, environment);
        // The tick record keeps the live book's prices, an operator's once, where the call was received (not on each
        // node it reaches); a sandbox book of its own is not recorded.
        const q = r.prices.live.get(op.market);
        if (received && q && (environment === 'live' || r.prices.shared)) r.prices.record(q, { source: 'operator' });
        await r.engineHost.settled();
        return view;
      }
      case 'feed':
        // Fenced by the feed leader's epoch: a status from a node that has since lost the lead (late on the wire)
        // never overwrites what the new leader said, nor the new leader's own.
        if (op.epoch < this.feedEpochSeen) return undefined;
        this.feedEpochSeen = op.epoch;
        r.markets.feedStatus.set(op.snapshot);
        return undefined;
      case 'clock': {
        if (r.clock instanceof ManualClock) r.clock.set(op.now);
        await r.engineHost.settled();
        return { now: r.clock.now() };
      }
      case 'markets':
        await r.markets.load();
        return undefined;
      case 'environments':
        await r.environments.reload();
        return undefined;
      case 'news':
        await r.news.load();
        return undefined;
      case 'accounts': {
        // The node holding an account's partition takes an account just opened, and judges a new status or pause.
        for (const id of op.account_ids) {
          const a = await r.store.getAccount(id);
          if (!a) continue;
          if (a.status === 'active') r.engineHost.ensureBook(a);
          r.engineHost.syncAccount(a);
        }
        r.credentials.accessChanged();
        return undefined;
      }
      case 'access':
        r.credentials.accessChanged();
        return undefined;
      case 'restart': {
        // The partitions of the environment this node holds (the fan-out reaches the others).
        const done = await r.localEngine.execute(op.environment, { kind: 'restart' }, { timeoutMs: ANSWER_WAIT_MS });
        if (done.outcome !== 'done') throw new ApiError('engine_unavailable');
        return undefined;
      }
      case 'faults':
        return this.applyFault?.(op.fault);
    }
  }
}
