import pg from 'pg';
import { applicationName, CLIENT_DEFAULTS, createPool, durableUrl, queryOn, storeError, type Q } from '../store/postgres/durability.js';
import type { Environment } from '../schemas/common.js';
import { DB_NOW_MS } from '../store/postgres/lease-fence.js';
import type { Cluster, ClusterStatus, Lease, NodeView, PartitionView } from './leases.js';

// Rows of nodes gone this long are dropped at the next heartbeat of any node (default ids are hostname-pid, so
// every restart adds one); an operator still sees a node that died today.
const FORGET_NODE_MS = 86_400_000;

/**
 * A node's session lock: the two-key advisory lock (schema, node id), held by its life connection while it runs.
 * PostgreSQL frees it when that connection ends — the process died (kill -9 closes its sockets) or the link broke —
 * so the others learn of a death at once instead of after a lease. Two keys: apart from every one-key lock.
 */
const NODE_LOCK = "hashtext('rampart.node:' || current_schema()), hashtext($1)";
/**
 * The nodes' session locks held now (by any session of this database), read once per statement: pg_locks is a
 * function scan of the lock table, which a correlated subquery would repeat for every lease row.
 */
const HELD = `held AS MATERIALIZED (SELECT k.objid FROM pg_locks k WHERE k.locktype = 'advisory' AND k.granted AND k.objsubid = 2
  AND k.database = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND k.classid = hashtext('rampart.node:' || current_schema())::oid)`;
/** Whether `owner`'s session lock is held (in a statement that begins `WITH ${HELD}`). */
const held = (owner: string) => `(hashtext(${owner})::oid IN (SELECT objid FROM held))`;

/**
 * Leases and the node registry in PostgreSQL, on a small pool of its own: renewals must not queue behind the
 * store's one-writer chain, or a burst of orders could cost a node its lease.
 */
export class PostgresCluster implements Cluster {
  private readonly q: Q;
  /** The life connection holding this node's session lock (undefined: not connected, or lost). */
  private life: pg.Client | undefined;
  private sessions = 0;
  private closed = false;

  private constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
    readonly nodeId: string,
    private internalUrl: string,
    private readonly leaseMs: number,
  ) {
    this.q = queryOn(pool);
  }

  /** The schema (tables included) is the store's: open the store first, it runs the migrations. */
  static open(url: string, nodeId: string, internalUrl: string, leaseMs: number): PostgresCluster {
    return new PostgresCluster(url, createPool(url), nodeId, internalUrl, leaseMs);
  }

  /**
   * Holds this node's session lock on a connection of its own, opened again (and the lock taken again) when it was
   * lost: answers the number of the session holding it (1, then one more each time it was taken again). Null when
   * another session holds the lock (a process with this node id, or this node's old connection not yet ended by the
   * server): this node must then hold no partition. PostgreSQL unreachable: throws (StoreUnavailableError), as every
   * other call of a round would — the partitions are kept while their leases may still be ours; if PostgreSQL
   * answers the others, they take them at once, as this node's lock is free, and its renewals are then refused.
   */
  async hold(): Promise<number | null> {
    if (this.life) return this.sessions;
    if (this.closed) return null;
    const client = new pg.Client({ connectionString: durableUrl(this.url), ...CLIENT_DEFAULTS, application_name: applicationName(this.url) });
    const lost = () => {
      if (this.life === client) this.life = undefined;
    };
    client.on('error', lost);
    client.on('end', lost);
    let ok: boolean;
    try {
      await client.connect();
      const { rows } = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${NODE_LOCK}) AS ok`, [this.nodeId]);
      ok = rows[0]?.ok === true;
    } catch (err) {
      await client.end().catch(() => undefined);
      throw storeError(err);
    }
    if (!ok) {
      await client.end().catch(() => undefined);
      return null;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return null;
    }
    this.life = client;
    return ++this.sessions;
  }

  /** Whether a lease that has not lapsed belongs to another node whose session lock is free (it died). */
  async orphaned(): Promise<boolean> {
    const [row] = await this.q.rows<{ any: boolean }>(
      `WITH ${HELD} SELECT EXISTS (SELECT 1 FROM partition_leases l WHERE l.owner IS NOT NULL AND l.owner <> $1 AND l.expires_at > ${DB_NOW_MS}
         AND NOT ${held('l.owner')}) AS any`,
      [this.nodeId],
    );
    return row?.any === true;
  }

  advertise(internalUrl: string): void {
    this.internalUrl = internalUrl;
  }

  async vacant(): Promise<boolean> {
    const [row] = await this.q.rows<{ any: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM partition_leases WHERE owner IS NULL OR expires_at <= ${DB_NOW_MS}) AS any`,
    );
    return row?.any === true;
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
   * is free, lapsed, or its owner's session lock is free (the owner died: no need to wait for the lease). PostgreSQL re-checks that condition on the newest row version under its row lock, so of
   * two nodes racing exactly one gets a row back.
   */
  async acquire(environment: Environment, partition: number): Promise<Lease | null> {
    const [row] = await this.q.rows<{ epoch: number; since: number; previous_heartbeat_at: number | null }>(
      `WITH ${HELD}
       INSERT INTO partition_leases AS l (environment, partition, owner, epoch, since, expires_at, heartbeat_at)
       SELECT $1, $2, $3, 1, n.ms, n.ms + $4, n.ms FROM (SELECT ${DB_NOW_MS} AS ms) n
       ON CONFLICT (environment, partition) DO UPDATE
         SET owner = EXCLUDED.owner, epoch = l.epoch + 1, since = EXCLUDED.since, expires_at = EXCLUDED.expires_at,
             previous_heartbeat_at = l.heartbeat_at, heartbeat_at = EXCLUDED.heartbeat_at
         WHERE l.owner IS NULL OR l.expires_at <= EXCLUDED.since OR NOT ${held('l.owner')}
       RETURNING epoch, since, previous_heartbeat_at`,
      [environment, partition, this.nodeId, this.leaseMs],
    ).catch((err: unknown) => {
      // Two nodes inserting a partition's first lease at once: the other's row can meet this one in the epoch's
      // unique index (migration 013) before the primary key's conflict turns this insert into the update, and
      // PostgreSQL refuses it. The other node won the partition, as the update's condition would have said.
      if (lostFirstLease(err)) return [];
      throw err;
    });
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
    const nodes = await this.q.rows<NodeView>(`WITH ${HELD} SELECT id, internal_url, last_seen, ${held('id')} AS connected FROM cluster_nodes ORDER BY id`);
    // A lapsed lease, or one whose owner's session lock is free, shows no owner: nobody may write for that partition
    // until a node takes it.
    const partitions = await this.q.rows<PartitionView>(
      `WITH ${HELD} SELECT environment, partition, CASE WHEN expires_at > ${DB_NOW_MS} AND ${held('owner')} THEN owner END AS owner, epoch, since
       FROM partition_leases ORDER BY environment, partition`,
    );
    return { nodes, partitions };
  }

  async close(): Promise<void> {
    this.closed = true;
    const life = this.life;
    this.life = undefined;
    await life?.end().catch(() => undefined);
    await this.pool.end().catch(() => undefined);
  }
}

/** A unique violation of the lease epoch's index: another node inserted the same partition's first lease. */
function lostFirstLease(err: unknown): boolean {
  const { code, constraint } = (err ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === 'partition_leases_epoch';
}
