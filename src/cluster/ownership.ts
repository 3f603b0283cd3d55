import type { FastifyBaseLogger } from 'fastify';
import type { AdoptMode } from '../engine-host/host.js';
import type { Environment } from '../schemas/common.js';
import type { Fence } from '../store/fence.js';
import type { Cluster, Lease } from './leases.js';
import type { ClusterConfig } from '../config/cluster-settings.js';
import { giveBacks } from './ownership-plan.js';

const ENVIRONMENTS: readonly Environment[] = ['live', 'sandbox'];
/** How often this node asks whether another node died holding leases (one cheap query; a death found runs a round). */
const ORPHAN_CHECK_MS = 250;

/** What the ownership loop drives: the engine host (adopt loads a partition's engine, drop lets it go). */
export interface PartitionHost {
  adopt(fence: Fence, mode: AdoptMode): Promise<void>;
  drop(environment: Environment, partition: number): void;
}

/** A lease this node holds, with when it was last renewed (wall ms of this process). */
interface Held {
  lease: Lease;
  fence: Fence;
  renewedAt: number;
}

/**
 * Takes, keeps and gives up engine partitions (CONTRACT §8). Every third of a lease it renews what it holds (a
 * renewal refused — the epoch moved on — drops the engine at once; one not answered for a whole lease drops it
 * too, since the store's fence would refuse its writes anyway), then takes free or lapsed partitions up to its
 * fair share of the live nodes in each environment, and gives back what it holds beyond that share (so a node
 * that joins gets work without anyone dying, and live partitions spread as evenly as sandbox ones). Taking a partition whose last owner beat within RAMPART_RESUME_WITHIN_MS
 * resumes its working orders; otherwise — never owned, gone too long, or a cold start of the whole cluster
 * (no other node alive when this one took its first partitions) — the SPEC restart transition runs.
 */
export class PartitionOwnership {
  private readonly held = new Map<string, Held>();
  private timer: NodeJS.Timeout | undefined;
  private checker: NodeJS.Timeout | undefined;
  private checking = false;
  /** Whether this node held fewer than its fair share of an environment's partitions after the last round. */
  private shortOfShare = false;
  /** The session holding this node's lock at the last round (null: none). */
  private session: number | null = null;
  private round: Promise<void> | undefined;
  private stopped = false;
  /** Set by the first round: whether another node was alive when this one started. */
  private coldStart: boolean | undefined;
  private lastRoundAt = Number.NEGATIVE_INFINITY;
  /** Partitions seen without an owner at the last round. */
  private freeBefore = new Set<string>();
  /** Partitions given back at the last round, for another node: not taken again by this one at the next. */
  private givenBack = new Set<string>();

  constructor(
    private readonly cluster: Cluster,
    private readonly host: PartitionHost,
    private readonly config: ClusterConfig,
    private readonly log: FastifyBaseLogger,
    /** Wall time (ms): leases are real time, not the trading Clock (which may be manual). */
    private readonly wallNow: () => number = Date.now,
    /** Told the leases held after each round (the feed leader follows them). */
    private readonly onRound: (leases: Lease[]) => void = () => undefined,
  ) {}

  /** Heartbeats and takes this node's first partitions; resolves once that first round is done. */
  async start(): Promise<void> {
    await this.tick();
    const every = Math.max(50, Math.floor(this.config.leaseMs / 3));
    this.timer = setInterval(() => void this.tick(), every);
    this.timer.unref();
    this.checker = setInterval(() => void this.check(), ORPHAN_CHECK_MS);
    this.checker.unref();
  }

  /**
   * A node that died (its connections ended, so its session lock is free) has its partitions taken at once, at the
   * next check, not after its lease: a round runs as soon as one is seen. A node frozen or cut off keeps its session
   * open and its lock held: its partitions move when its lease lapses, and epoch fencing keeps it from writing.
   */
  private async check(): Promise<void> {
    if (this.checking || this.round || this.stopped) return;
    this.checking = true;
    try {
      // This node's own lock lost (its connection dropped): a round at once gives its partitions up or, the lock taken
      // again, finds which the others took meanwhile.
      if ((await this.cluster.hold()) !== this.session || (await this.cluster.orphaned())) await this.tick();
      // Short of its share, this node takes a partition given back or lapsed at once (a hand-off, a frozen owner's
      // lease run out) rather than at its next round; a node at its share leaves it to them, so none takes too many.
      else if (this.shortOfShare && (await this.cluster.vacant())) await this.tick();
    } catch {
      // The store did not answer: the next check, or the next round, tries again.
    } finally {
      this.checking = false;
    }
  }

  /** One round at a time; a round asked for while one runs shares it. */
  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.round ??= this.runRound()
      .catch((err: unknown) => this.log.warn({ err }, 'partition lease round failed; retried at the next'))
      .finally(() => {
        this.round = undefined;
        if (!this.stopped) this.onRound(this.leases());
      });
    return this.round;
  }

  /** The partitions this node holds (environment, partition, epoch). */
  leases(): Lease[] {
    return [...this.held.values()].map((h) => h.lease);
  }

  /** Whether a lease round succeeded within the last lease (else this node cannot keep or take partitions now). */
  healthy(): boolean {
    return this.wallNow() - this.lastRoundAt < this.config.leaseMs;
  }

  private async runRound(): Promise<void> {
    this.session = await this.cluster.hold();
    if (this.session === null) {
      // Another session holds this node's lock (its id is taken twice, or its old connection lingers): it holds no
      // partition, since a process with the same id passes the same fence.
      for (const [key, h] of [...this.held]) await this.giveUp(key, h).catch(() => undefined);
      throw new Error(`another session holds the session lock of node ${this.cluster.nodeId}; this node holds no partition until it is free`);
    }
    await this.cluster.heartbeat();
    await this.renewAll();
    const status = await this.cluster.status();
    const now = status.nodes.find((n) => n.id === this.cluster.nodeId)?.last_seen ?? 0;
    // Alive: beat within a lease (database time; this node's row was just written) and its session lock held.
    const alive = status.nodes.filter((n) => n.id === this.cluster.nodeId || (n.connected && n.last_seen > now - this.config.leaseMs));
    if (this.coldStart === undefined) this.coldStart = !alive.some((n) => n.id !== this.cluster.nodeId);
    // A fair share of each environment's partitions, not of all of them: live traffic is most of the work, and a
    // node holding only sandbox partitions would leave the live engines on the others.
    const share = Math.ceil(this.config.partitions / Math.max(1, alive.length));
    const owners = new Map(status.partitions.map((p) => [`${p.environment}/${p.partition}`, p.owner]));
    const free = new Set<string>();
    const justGiven = this.givenBack;
    this.givenBack = new Set();
    let took = 0;
    for (const environment of ENVIRONMENTS) {
      for (let partition = 0; partition < this.config.partitions; partition++) {
        const key = `${environment}/${partition}`;
        if (this.held.has(key) || this.stopped) continue;
        const owner = owners.get(key);
        if (owner && owner !== this.cluster.nodeId) continue;
        free.add(key);
        // Given back a round ago for another node to take: if nobody did by the round after, the orphan rule does.
        if (justGiven.has(key)) continue;
        // Beyond the fair share only a partition nobody took since the last round (no node wants it: never orphaned).
        if (this.heldIn(environment) >= share && !this.freeBefore.has(key)) continue;
        if (await this.take(environment, partition)) took++;
      }
    }
    this.freeBefore = free;
    this.lastRoundAt = this.wallNow();
    this.shortOfShare = !this.stopped && ENVIRONMENTS.some((environment) => this.heldIn(environment) < Math.min(share, this.config.partitions));
    // Not in a round that took partitions: the others may be taking theirs at this moment (a dead node's partitions
    // are taken by every survivor at once), and what they hold is not known yet. Given back on that view, what one
    // node took the other was giving back, round after round, and a dead node's partitions went unowned for
    // seconds. The next round balances, on a view taken after everyone took their share.
    if (alive.length < 2 || took > 0) return;
    const held = [...this.held.entries()].map(([key, h]) => ({ key, environment: h.lease.environment }));
    // Their engines stop first; not taken again by this node at its next round (others may).
    for (const key of giveBacks(held, await this.fewestHeldByOthers(), share)) {
      const h = this.held.get(key)!;
      this.givenBack.add(key);
      await this.giveUp(key, h);
    }
  }

  /** How many of the environment's partitions this node holds. */
  private heldIn(environment: Environment): number {
    let n = 0;
    for (const h of this.held.values()) if (h.lease.environment === environment) n++;
    return n;
  }

  /** Per environment and in all ('all'), the fewest partitions another live node holds (it takes at its next round). */
  private async fewestHeldByOthers(): Promise<Map<Environment | 'all', number>> {
    const s = await this.cluster.status();
    const now = s.nodes.find((n) => n.id === this.cluster.nodeId)?.last_seen ?? 0;
    const alive = s.nodes.filter((n) => n.id !== this.cluster.nodeId && n.connected && n.last_seen > now - this.config.leaseMs).map((n) => n.id);
    const out = new Map<Environment | 'all', number>();
    for (const environment of [...ENVIRONMENTS, 'all' as const]) {
      const counts = new Map<string, number>(alive.map((id) => [id, 0]));
      for (const p of s.partitions) {
        if ((environment === 'all' || p.environment === environment) && p.owner && counts.has(p.owner)) counts.set(p.owner, counts.get(p.owner)! + 1);
      }
      out.set(environment, Math.min(...counts.values()));
    }
    return out;
  }

  /** Takes the partition if no other node holds it; answers whether this node took it. */
  private async take(environment: Environment, partition: number): Promise<boolean> {
    const lease = await this.cluster.acquire(environment, partition);
    if (!lease) return false;
    const fence: Fence = { environment, partition, owner: this.cluster.nodeId, epoch: lease.epoch };
    const resumable = lease.previousHeartbeatAt !== null && lease.since - lease.previousHeartbeatAt <= this.config.resumeWithinMs;
    const mode: AdoptMode = resumable && !this.isColdStart() ? 'resume' : 'restart';
    const key = `${environment}/${partition}`;
    this.held.set(key, { lease, fence, renewedAt: this.wallNow() });
    try {
      await this.host.adopt(fence, mode);
    } catch (err) {
      this.held.delete(key);
      this.host.drop(environment, partition);
      await this.cluster.release(lease).catch(() => undefined);
      throw err;
    }
    return true;
  }

  /** A cold start: this node's first round found no other node alive (the whole cluster is starting). */
  private isColdStart(): boolean {
    return this.coldStart === true && !this.started;
  }

  private get started(): boolean {
    return this.timer !== undefined;
  }

  private async renewAll(): Promise<void> {
    for (const [key, h] of [...this.held]) {
      let kept: boolean;
      try {
        kept = await this.cluster.renew(h.lease);
      } catch (err) {
        // The store did not answer: keep the engine while the lease may still be ours; past a whole lease it is not.
        kept = this.wallNow() - h.renewedAt < this.config.leaseMs;
        this.log.warn({ err, environment: h.lease.environment, partition: h.lease.partition }, 'lease renewal failed');
      }
      if (kept) {
        h.renewedAt = this.wallNow();
        continue;
      }
      this.held.delete(key);
      this.host.drop(h.lease.environment, h.lease.partition);
      this.log.warn({ environment: h.lease.environment, partition: h.lease.partition, epoch: h.lease.epoch }, 'partition lease lost');
    }
  }

  private async giveUp(key: string, h: Held): Promise<void> {
    this.held.delete(key);
    this.host.drop(h.lease.environment, h.lease.partition);
    await this.cluster.release(h.lease);
  }

  /** Stops renewing and gives every partition back (shutdown), so others need not wait for the leases to lapse. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.checker) clearInterval(this.checker);
    await this.round;
    for (const [key, h] of [...this.held]) await this.giveUp(key, h).catch(() => undefined);
    await this.cluster.leave().catch(() => undefined);
  }
}
