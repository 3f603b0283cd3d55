import type pg from 'pg';
import { createPool, queryOn, type Q } from '../store/postgres/durability.js';
import type { Environment } from '../schemas/common.js';
import { DB_NOW_MS } from './fence.js';
import type { Cluster, ClusterStatus, Lease, NodeView, PartitionView } from './leases.js';

// Rows of nodes gone this long are dropped at the next heartbeat of any node (default ids are hostname-pid, so
// every restart adds one); an operator still sees a node that died today.
const FORGET_NODE_MS = 86_400_000;

/**
 * Leases and the node registry in PostgreSQL, on a small pool of its own: renewals must not queue behind the
 * store's one-writer chain, or a burst of orders could cost a node its lease.
 */
export class PostgresCluster implements Cluster {
  private readonly q: Q;

  private constructor(
    private readonly pool: pg.Pool,
    readonly nodeId: string,
    private internalUrl: string,
    private readonly leaseMs: number,
  ) {
    this.q = queryOn(pool);
  }

  /** The schema (tables included) is the store's: open the store first, it runs the migrations. */
  static open(url: string, nodeId: string, internalUrl: string, leaseMs: number): PostgresCluster {
    return new PostgresCluster(createPool(url), nodeId, internalUrl, leaseMs);
  }

  advertise(internalUrl: string): void {
    this.internalUrl = internalUrl;
  }

  async heartbeat(): Promise<void> {
    await this.q.changes(
      `INSERT INTO cluster_nodes (id, internal_url, last_seen) VALUES ($1, $2, ${DB_NOW_MS})
       ON CONFLICT (id) DO UPDATE SET internal_url = EXCLUDED.internal_url, last_seen = EXCLUDED.last_seen`,
      [this.nodeId, this.internalUrl],
    );
    await this.q.changes(`DELETE FROM cluster_nodes WHERE last_seen < ${DB_NOW_MS} - $1`, [FORGET_NODE_MS]);
  }

  /**
   * One statement: the insert wins for a partition never owned; otherwise the update applies only when the row
   * is free or lapsed. PostgreSQL re-checks that condition on the newest row version under its row lock, so of
   * two nodes racing exactly one gets a row back.
   */
  async acquire(environment: Environment, partition: number): Promise<Lease | null> {
    const [row] = await this.q.rows<{ epoch: number; since: number; previous_heartbeat_at: number | null }>(
      `INSERT INTO partition_leases AS l (environment, partition, owner, epoch, since, expires_at, heartbeat_at)
       SELECT $1, $2, $3, 1, n.ms, n.ms + $4, n.ms FROM (SELECT ${DB_NOW_MS} AS ms) n
       ON CONFLICT (environment, partition) DO UPDATE
         SET owner = EXCLUDED.owner, epoch = l.epoch + 1, since = EXCLUDED.since, expires_at = EXCLUDED.expires_at,
             previous_heartbeat_at = l.heartbeat_at, heartbeat_at = EXCLUDED.heartbeat_at
         WHERE l.owner IS NULL OR l.expires_at <= EXCLUDED.since
       RETURNING epoch, since, previous_heartbeat_at`,
      [environment, partition, this.nodeId, this.leaseMs],
    );
    if (!row) return null;
    return { environment, partition, epoch: row.epoch, since: row.since, previousHeartbeatAt: row.previous_heartbeat_at };
  }

  async renew(lease: Lease): Promise<boolean> {
    const n = await this.q.changes(
      `UPDATE partition_leases SET expires_at = ${DB_NOW_MS} + $5, heartbeat_at = ${DB_NOW_MS}
       WHERE environment = $1 AND partition = $2 AND owner = $3 AND epoch = $4`,
      [lease.environment, lease.partition, this.nodeId, lease.epoch, this.leaseMs],
    );
    return n === 1;
  }

  async leave(): Promise<void> {
    await this.q.changes('DELETE FROM cluster_nodes WHERE id = $1', [this.nodeId]);
  }

  async release(lease: Lease): Promise<void> {
    await this.q.changes(
      `UPDATE partition_leases SET owner = NULL, expires_at = ${DB_NOW_MS}
       WHERE environment = $1 AND partition = $2 AND owner = $3 AND epoch = $4`,
      [lease.environment, lease.partition, this.nodeId, lease.epoch],
    );
  }

  async status(): Promise<ClusterStatus> {
    const nodes = await this.q.rows<NodeView>('SELECT id, internal_url, last_seen FROM cluster_nodes ORDER BY id');
    // A lapsed lease shows no owner: nobody may write for that partition until a node takes it.
    const partitions = await this.q.rows<PartitionView>(
      `SELECT environment, partition, CASE WHEN expires_at > ${DB_NOW_MS} THEN owner END AS owner, epoch, since
       FROM partition_leases ORDER BY environment, partition`,
    );
    return { nodes, partitions };
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}
