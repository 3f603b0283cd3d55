import type { Environment } from '../schemas/common.js';

/** A lease this node holds: writes for the partition carry its epoch (fencing). */
export interface Lease {
  readonly environment: Environment;
  readonly partition: number;
  readonly epoch: number;
  /** Database time (ms) the lease was taken. */
  readonly since: number;
  /** The previous owner's last heartbeat (database ms), null for a partition never owned: resume vs restart. */
  readonly previousHeartbeatAt: number | null;
}

export interface NodeView {
  id: string;
  internal_url: string;
  last_seen: number;
  /** Whether its session lock is held (false: it died, or lost its connection to the store). */
  connected: boolean;
}

export interface PartitionView {
  environment: Environment;
  partition: number;
  /** null once released and not yet taken again. */
  owner: string | null;
  epoch: number;
  since: number;
}

export interface ClusterStatus {
  nodes: NodeView[];
  partitions: PartitionView[];
}

/** Leases and the node registry: PostgreSQL for a cluster, a trivial owner-of-everything on SQLite. */
export interface Cluster {
  readonly nodeId: string;
  /** Sets the internal URL this node's heartbeat advertises (when it listens on a port chosen at bind time). */
  advertise(internalUrl: string): void;
  /**
   * Holds this node's session lock, which the store frees when this node's connection ends (taking it again on a new
   * connection when it was lost): the number of the session holding it, one more each time it was taken again; null
   * when another session holds it (the same node id twice), and then this node must hold no partition. Throws when
   * the store does not answer.
   */
  hold(): Promise<number | null>;
  /** Whether another node's lease has not lapsed but its session lock is free (it died): worth a round at once. */
  orphaned(): Promise<boolean>;
  /** Whether a partition has no owner now (given back, or its lease lapsed). */
  vacant(): Promise<boolean>;
  /** Writes this node's heartbeat row (id, internal_url, last_seen). */
  heartbeat(): Promise<void>;
  /** Takes the partition when it is free, lapsed or its owner's session lock is free (epoch + 1); null when another node holds it. */
  acquire(environment: Environment, partition: number): Promise<Lease | null>;
  /** Extends a lease this node holds; false when the owner or epoch changed (the lease is lost). */
  renew(lease: Lease): Promise<boolean>;
  /** Takes this node off the registry (shutdown): the others count it gone at once, not after a lease. */
  leave(): Promise<void>;
  /** Gives the lease up (shutdown) so another node need not wait for it to lapse. */
  release(lease: Lease): Promise<void>;
  status(): Promise<ClusterStatus>;
  close(): Promise<void>;
}
