import { ConfigError, type Config } from '../config/config.js';
import type { SecretBox } from '../services/secrets/keyring.js';
import { openNodeSecret } from '../services/secrets/node-secret.js';
import type { Store } from '../store/port.js';
import { PartitionRouter } from './forwarding.js';
import type { Cluster } from './leases.js';
import { NodeSigner } from './node-signature.js';
import { UndiciTransport, type NodeTransport } from './node-transport.js';

/** How this node reaches the others: the node secret its requests are signed (and checked) with, and the router. */
export interface NodeLink {
  readonly secret: string;
  readonly router: PartitionRouter;
  readonly transport: NodeTransport;
}

/**
 * A cluster node's link to the others (docs/SECURITY.md item 5): the node secret (never the operator token, from
 * RAMPART_ADMIN_TOKEN or its file), requests signed with it, over mutual TLS when RAMPART_INTERNAL_TLS_* is set.
 * The store is closed when there is no secret to be had (the start stops there).
 */
export async function openNodeLink(config: Config, cluster: Cluster, store: Store, secrets: SecretBox, adminToken: string): Promise<NodeLink> {
  let secret: string;
  try {
    secret = await openNodeSecret(config.cluster.nodeSecret, store, secrets);
    if (secret === adminToken) throw new ConfigError('RAMPART_NODE_SECRET must not be the operator token: whoever holds that token is not thereby a node');
  } catch (err) {
    await store.close();
    throw err;
  }
  const { tls, nodeId, leaseMs } = config.cluster;
  const transport = await UndiciTransport.create(tls);
  const router = new PartitionRouter(cluster, new NodeSigner(secret, nodeId), transport, Math.max(100, Math.floor(leaseMs / 3)));
  return { secret, router, transport };
}
