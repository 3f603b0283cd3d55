import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from '../../config/config.js';
import type { Store, WebhookRecord } from '../../store/port.js';
import { describeSource, parseKey, readKeyFile, SecretBox, writeKeyFile, type KeySource } from './keyring.js';
import { isSealed, newSecretKey, seal, SealError, sealedKeyId, type SecretKey } from './sealed.js';
import { OAUTH_KEYS_SETTING, resealSetting } from './sealed-settings.js';
import { resealNodeSecret } from './node-secret.js';

/** The key file, beside the admin token file in the data directory. */
export const keyFileOf = (config: Config): string => join(config.dataDir, 'secrets-key');

function configuredKeys(config: Config): { keys: SecretKey[] | undefined; source: KeySource } {
  // A database in memory lives and dies with the process: so does its key (nothing is written to the data directory).
  if (config.databaseUrl === 'sqlite::memory:') return { keys: [newSecretKey()], source: { kind: 'memory' } };
  if (config.secretsKey !== undefined) {
    const key = parseKey(config.secretsKey);
    if (!key) throw new ConfigError('RAMPART_SECRETS_KEY must be the base64 of 32 bytes');
    return { keys: [key], source: { kind: 'env' } };
  }
  const path = keyFileOf(config);
  if (!existsSync(path)) return { keys: undefined, source: { kind: 'file', path } };
  try {
    return { keys: readKeyFile(path), source: { kind: 'file', path } };
  } catch (err) {
    throw new ConfigError(err instanceof SealError ? err.message : `cannot read ${path}: ${(err as Error).message}`);
  }
}

/** Every stored secret must open: a wrong key is found at start, not at the first delivery. */
function checkOpens(box: SecretBox, hooks: readonly WebhookRecord[]): void {
  for (const h of hooks) {
    if (!isSealed(h.secret)) continue;
    try {
      box.open(h.id, h.secret);
    } catch (err) {
      throw new ConfigError(
        `the signing secret of webhook ${h.id} is sealed with key ${sealedKeyId(h.secret) ?? '?'}, and ${describeSource(box.source)} ` +
          `(key ${box.keyIds.join(', ')}) does not open it (${(err as Error).message}). Start with the key the secrets were sealed with.`,
      );
    }
  }
}

/**
 * The start-up step for webhook signing secrets: checks every sealed secret opens with the configured key, seals
 * those still stored in plain text (databases from before sealing) in one transaction, and makes the key file at
 * the first start. Refuses to start when sealed secrets exist and the key is missing or wrong: a new key would
 * lose every secret.
 */
export async function openWebhookSecrets(config: Config, store: Store, log: FastifyBaseLogger): Promise<SecretBox> {
  const { keys, source } = configuredKeys(config);
  const hooks = await store.listAllWebhooks();
  let box: SecretBox;
  if (keys) {
    box = new SecretBox(keys, source);
  } else {
    const sealed = hooks.find((h) => isSealed(h.secret));
    if (sealed && source.kind === 'file') {
      throw new ConfigError(
        `webhook signing secrets in the database are sealed with key ${sealedKeyId(sealed.secret) ?? '?'}, but RAMPART_SECRETS_KEY is not set ` +
          `and ${source.path} does not exist. Restore that key file (or set RAMPART_SECRETS_KEY) from the backup kept with the database; ` +
          'Rampart does not make a new key while sealed secrets exist (they would all be lost).',
      );
    }
    const key = newSecretKey();
    if (source.kind === 'file') writeKeyFile(source.path, [key]);
    log.info({ path: source.kind === 'file' ? source.path : undefined, key_id: key.id }, 'secrets key created');
    box = new SecretBox([key], source);
  }
  checkOpens(box, hooks);
  const plain = hooks.filter((h) => !isSealed(h.secret));
  if (plain.length > 0) {
    await store.transaction(async (tx) => {
      for (const h of plain) await tx.setWebhookSecret(h.id, box.seal(h.id, h.secret));
    });
    log.info({ count: plain.length, key_id: box.current.id }, 'webhook signing secrets stored in plain text were sealed');
  }
  return box;
}

export interface Rotation {
  key_id: string;
  previous_key_ids: string[];
  resealed: number;
  /** The key file written, or null when the key comes from RAMPART_SECRETS_KEY. */
  key_file: string | null;
}

/**
 * `rampart secrets rotate`: a new key seals every stored secret again (the whsec_ secrets themselves do not change,
 * so receivers keep verifying). The key file holds the new and the old key while the database changes and the new
 * one only after: a crash at any point leaves every sealed value with its key on disk.
 */
export async function rotateWebhookSecrets(config: Config, store: Store, log: FastifyBaseLogger, newKey?: string): Promise<Rotation> {
  const given = newKey === undefined ? undefined : parseKey(newKey);
  if (newKey !== undefined && !given) throw new ConfigError('RAMPART_SECRETS_NEW_KEY must be the base64 of 32 bytes');
  // With the key in the environment there is no file to write the new one to, and printing it would put it in
  // terminal logs: the operator makes it (openssl rand -base64 32) and sets it on the servers after the rotation.
  if (config.secretsKey !== undefined && !given) {
    throw new ConfigError('RAMPART_SECRETS_KEY is set: give the new key in RAMPART_SECRETS_NEW_KEY (the base64 of 32 bytes, e.g. openssl rand -base64 32)');
  }
  const box = await openWebhookSecrets(config, store, log);
  const previous = box.keyIds;
  const next = given ?? newSecretKey();
  const { source } = box;
  if (source.kind === 'memory') throw new ConfigError('an in-memory database has no stored key to rotate');
  if (previous.includes(next.id)) throw new ConfigError('the new key is the key in use');
  const oldKeys = previous.map((id) => keyOf(box, id));
  if (source.kind === 'file') writeKeyFile(source.path, [next, ...oldKeys]);
  const hooks = await store.listAllWebhooks();
  await store.transaction(async (tx) => {
    for (const h of hooks) await tx.setWebhookSecret(h.id, seal(next, h.id, box.open(h.id, h.secret)));
    await resealSetting(tx, OAUTH_KEYS_SETTING, (owner, sealed) => box.open(owner, sealed), (owner, plain) => seal(next, owner, plain));
    await resealNodeSecret(tx, (owner, sealed) => box.open(owner, sealed), (owner, plain) => seal(next, owner, plain));
  });
  if (source.kind === 'file') writeKeyFile(source.path, [next]);
  return {
    key_id: next.id,
    previous_key_ids: previous,
    resealed: hooks.length,
    key_file: source.kind === 'file' ? source.path : null,
  };
}

function keyOf(box: SecretBox, id: string): SecretKey {
  const key = box.key(id);
  if (!key) throw new SealError(`key ${id} is not in ${describeSource(box.source)}`);
  return key;
}
