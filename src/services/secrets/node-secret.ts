import { randomBytes } from 'node:crypto';
import { ConfigError } from '../../config/config.js';
import type { SecretBox } from './keyring.js';
import { SealError } from './sealed.js';
import type { Store, Tx } from '../../store/port.js';

const SETTING = 'cluster.node_secret';
/** The sealed value's owner (its additional data): it opens as the node secret and as nothing else. */
const OWNER = 'cluster.node_secret';

/**
 * The key of the node-to-node signatures (src/cluster/node-signature.ts). RAMPART_NODE_SECRET when set (the same
 * on every node); otherwise made once by the first node of the cluster (under a store lock, so nodes starting
 * together agree) and kept in the shared store sealed with the secrets key, as the webhook signing secrets are: a
 * cluster needs no new setting, and reading the database alone does not give it. Never derived from the operator
 * token: whoever holds that token is not thereby a node.
 */
export async function openNodeSecret(configured: string | undefined, store: Pick<Store, 'transaction'>, box: SecretBox): Promise<string> {
  if (configured !== undefined) return configured;
  try {
    return await store.transaction(async (tx) => {
      await tx.lock(SETTING);
      const stored = await tx.getSetting(SETTING);
      if (stored !== undefined) return box.open(OWNER, stored);
      const secret = randomBytes(32).toString('base64url');
      await tx.setSetting(SETTING, box.seal(OWNER, secret));
      return secret;
    });
  } catch (err) {
    if (!(err instanceof SealError)) throw err;
    throw new ConfigError(`the node secret in the store does not open with this node's secrets key (${err.message}): every node needs the same RAMPART_SECRETS_KEY`);
  }
}

/** `rampart secrets rotate`: the stored node secret sealed again under the new key, in the rotation's transaction. */
export async function resealNodeSecret(tx: Tx, open: (owner: string, sealed: string) => string, seal: (owner: string, plain: string) => string): Promise<number> {
  const stored = await tx.getSetting(SETTING);
  if (stored === undefined) return 0;
  await tx.setSetting(SETTING, seal(OWNER, open(OWNER, stored)));
  return 1;
}
