import type { Environment } from '../schemas/common.js';
import type { Cluster, ClusterStatus, Lease } from './leases.js';

const ENVIRONMENTS: readonly Environment[] = ['live', 'sandbox'];

/**
 * SQLite: one process owns the database file, so it owns every partition at epoch 1 and nothing is stored (no
 * table; there is no other node to fence out). Times are wall-clock ms (leases are real time, not the Clock).
 */
export class SingleNodeCluster implements Cluster {
  private readonly startedAt = Date.now();

  constructor(
    readonly nodeId: string,
    private internalUrl: string,
    private readonly partitions: number,
  ) {}

  advertise(internalUrl: string): void {
    this.internalUrl = internalUrl;
  }

  hold(): Promise<number | null> {
    return Promise.resolve(1);
  }

  orphaned(): Promise<boolean> {
    return Promise.resolve(false);
  }

  vacant(): Promise<boolean> {
    return Promise.resolve(false);
  }

  heartbeat(): Promise<void> {
    return Promise.resolve();
  }

  acquire(environment: Environment, partition: number): Promise<Lease | null> {
    return Promise.resolve({ environment, partition, epoch: 1, since: this.startedAt, previousHeartbeatAt: null });
  }

  renew(): Promise<boolean> {
    return Promise.resolve(true);
  }

  leave(): Promise<void> {
    return Promise.resolve();
  }

  release(): Promise<void> {
    return Promise.resolve();
  }

  status(): Promise<ClusterStatus> {
    const partitions = ENVIRONMENTS.flatMap((environment) =>
      Array.from({ length: this.partitions }, (_, partition) => ({ environment, partition, owner: this.nodeId, epoch: 1, since: this.startedAt })),
    );
    return Promise.resolve({ nodes: [{ id: this.nodeId, internal_url: this.internalUrl, last_seen: Date.now(), connected: true }], partitions });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
