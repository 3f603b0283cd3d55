import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { createSecureContext } from 'node:tls';

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
  /**
   * RAMPART_NODE_SECRET: the key of the node-to-node signatures, the same on every node (never printed); unset, the
   * first node makes one and keeps it sealed in the shared store (src/services/secrets/node-secret.ts).
   */
  readonly nodeSecret: string | undefined;
  /**
   * RAMPART_INTERNAL_TLS_CERT / _KEY / _CA (PEM files, all three or none): the internal listener serves HTTPS and
   * takes only clients whose certificate the CA signed; this node presents its certificate to the others and
   * checks theirs against the same CA (mutual TLS). Unset: plain HTTP (the start warns off loopback).
   */
  readonly tls: InternalTls | undefined;
}

/** This node's certificate and key and the cluster's CA, as PEM text. */
export interface InternalTls {
  readonly cert: string;
  readonly key: string;
  readonly ca: string;
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

// Printable ASCII without spaces (no newline left over from a file), and enough of it to be out of guessing reach.
const NODE_SECRET_RE = /^[\x21-\x7e]{32,512}$/;

/** RAMPART_NODE_SECRET, checked; the message never shows the value. */
function nodeSecret(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.RAMPART_NODE_SECRET;
  if (value === undefined || value === '') return undefined;
  if (!NODE_SECRET_RE.test(value)) {
    throw new ClusterSettingError(
      `RAMPART_NODE_SECRET must be 32 to 512 printable characters without spaces (e.g. openssl rand -base64 32), got ${value.length} characters`,
    );
  }
  if (value === env.RAMPART_ADMIN_TOKEN) {
    throw new ClusterSettingError('RAMPART_NODE_SECRET must not be the operator token (RAMPART_ADMIN_TOKEN): whoever holds that token is not thereby a node');
  }
  return value;
}

const TLS_FILES = { cert: 'RAMPART_INTERNAL_TLS_CERT', key: 'RAMPART_INTERNAL_TLS_KEY', ca: 'RAMPART_INTERNAL_TLS_CA' } as const;

/** The three PEM files read and tried together at start (a key that is not the certificate's stops the start here). */
function internalTls(env: NodeJS.ProcessEnv): InternalTls | undefined {
  const given = Object.values(TLS_FILES).filter((name) => env[name]);
  if (given.length === 0) return undefined;
  if (given.length < 3) throw new ClusterSettingError(`${Object.values(TLS_FILES).join(', ')} go together (mutual TLS): set all three or none`);
  const read = (name: string): string => {
    const path = env[name]!;
    try {
      return readFileSync(path, 'utf8');
    } catch (err) {
      throw new ClusterSettingError(`${name}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  };
  const tls = { cert: read(TLS_FILES.cert), key: read(TLS_FILES.key), ca: read(TLS_FILES.ca) };
  try {
    createSecureContext(tls);
  } catch (err) {
    throw new ClusterSettingError(`RAMPART_INTERNAL_TLS_CERT / _KEY / _CA do not make a TLS context: ${(err as Error).message}`);
  }
  return tls;
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
    nodeSecret: nodeSecret(env),
    tls: internalTls(env),
  };
}

/** The URL other nodes reach this one at (an IPv6 host in brackets; https with mutual TLS). */
export function internalUrl(c: ClusterConfig): string {
  const h = c.internalListen.host.includes(':') ? `[${c.internalListen.host}]` : c.internalListen.host;
  return `${c.tls ? 'https' : 'http'}://${h}:${c.internalListen.port}`;
}
