import { isPostgresUrl } from '../config/config.js';
import type { Config } from '../config/config.js';
import type { Cluster } from './leases.js';
import { PostgresCluster } from './postgres-cluster.js';
import { internalUrl } from '../config/cluster-settings.js';
import { SingleNodeCluster } from './single-node.js';

/** The cluster view for the configured store (open the store first on PostgreSQL: it creates the tables). */
export function openCluster(config: Config): Cluster {
  const c = config.cluster;
  return isPostgresUrl(config.databaseUrl)
    ? PostgresCluster.open(config.databaseUrl, c.nodeId, internalUrl(c), c.leaseMs)
    : new SingleNodeCluster(c.nodeId, internalUrl(c), c.partitions);
}

/**
 * Keeps this node's registry row fresh (every third of a lease) until stopped. A failed beat is retried at the
 * next tick: the row only informs operators and, later, command forwarding.
 */
export function startHeartbeat(cluster: Cluster, leaseMs: number): () => void {
  const beat = () => void cluster.heartbeat().catch(() => undefined);
  beat();
  const timer = setInterval(beat, Math.max(100, Math.floor(leaseMs / 3)));
  timer.unref();
  return () => clearInterval(timer);
}
