import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { JWK } from 'oidc-provider';
import type { Store } from '../../store/port.js';
import type { SecretBox } from '../secrets/keyring.js';
import { newSecretKey } from '../secrets/sealed.js';
import { OAUTH_KEYS_SETTING } from '../secrets/sealed-settings.js';
import { SecretBox as Box } from '../secrets/keyring.js';

const SETTING = OAUTH_KEYS_SETTING;
const OWNER = OAUTH_KEYS_SETTING;

export interface OAuthKeys {
  /** oidc-provider's signing key (a private JWK): it signs nothing Rampart hands out but oidc-provider needs one. */
  jwks: { keys: JWK[] };
  /** Keys of oidc-provider's signed cookies (interaction and resume cookies). */
  cookieKeys: string[];
}

/**
 * The authorization server's keys: made once by the first node (under a store lock) and kept in the settings,
 * sealed with the secrets key like the webhook signing secrets; never in plain text. Without a secrets box (a
 * store in memory) they live and die with the process.
 */
export async function openOAuthKeys(store: Pick<Store, 'transaction'>, box: SecretBox | undefined): Promise<OAuthKeys> {
  const secrets = box ?? new Box([newSecretKey()], { kind: 'memory' });
  return store.transaction(async (tx) => {
    await tx.lock(SETTING);
    const stored = await tx.getSetting(SETTING);
    if (stored !== undefined) return JSON.parse(secrets.open(OWNER, stored)) as OAuthKeys;
    const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }) as JWK;
    const keys: OAuthKeys = { jwks: { keys: [{ ...jwk, use: 'sig', alg: 'ES256' }] }, cookieKeys: [randomBytes(32).toString('base64url')] };
    await tx.setSetting(SETTING, secrets.seal(OWNER, JSON.stringify(keys)));
    return keys;
  });
}
