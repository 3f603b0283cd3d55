import { hostname } from 'node:os';

/** CONTRACT §8: how this node takes part in a cluster (on SQLite: a cluster of one). */
export interface ClusterConfig {
  /** RAMPART_NODE_ID: this node's name in leases, metrics and logs. */
  readonly nodeId: string;
  /** RAMPART_INTERNAL_LISTEN: node-to-node address, advertised through the store as http://host:port. */
  readonly internalListen: { readonly host: string; readonly port: number };
  /** RAMPART_ENGINE_PARTITIONS: engine partitions per environment. */
  readonly partitions: number;
  /** RAMPART_LEASE_MS: how long a partition lease lasts without renewal. */
  readonly leaseMs: number;
  /** RAMPART_RESUME_WITHIN_MS: a take-over within this of the last owner's heartbeat resumes instead of restarting. */
  readonly resumeWithinMs: number;
}

/** Thrown by parseClusterConfig; config.ts turns it into its own ConfigError. */
export class ClusterSettingError extends Error {}

// Up to 256 partitions: a hash spread over more than that gains nothing for one environment's engines, and each
// partition costs a lease row renewed every RAMPART_LEASE_MS / 3.
const MAX_PARTITIONS = 256;

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ClusterSettingError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

export function parseClusterConfig(env: NodeJS.ProcessEnv): ClusterConfig {
  const nodeId = env.RAMPART_NODE_ID || `${hostname()}-${process.pid}`;
  if (!/^[A-Za-z0-9._:-]{1,100}$/.test(nodeId)) {
    throw new ClusterSettingError(`RAMPART_NODE_ID must be 1 to 100 of A-Z a-z 0-9 . _ : -, got "${nodeId}"`);
  }
  const listen = env.RAMPART_INTERNAL_LISTEN || '127.0.0.1:8091';
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:/\s]+):(\d{1,5})$/.exec(listen);
  const port = m ? Number(m[2]) : Number.NaN;
  if (!m || !m[1] || port > 65535) throw new ClusterSettingError(`RAMPART_INTERNAL_LISTEN must be host:port, got "${listen}"`);
  const leaseMs = int(env, 'RAMPART_LEASE_MS', 5000, 500, 600_000);
  return {
    nodeId,
    internalListen: { host: m[1].replace(/^\[|\]$/g, ''), port },
    partitions: int(env, 'RAMPART_ENGINE_PARTITIONS', 1, 1, MAX_PARTITIONS),
    leaseMs,
    resumeWithinMs: int(env, 'RAMPART_RESUME_WITHIN_MS', 60_000, 0, 86_400_000),
  };
}

/** The URL other nodes reach this one at (an IPv6 host in brackets). */
export function internalUrl(c: ClusterConfig): string {
  const h = c.internalListen.host.includes(':') ? `[${c.internalListen.host}]` : c.internalListen.host;
  return `http://${h}:${c.internalListen.port}`;
}
