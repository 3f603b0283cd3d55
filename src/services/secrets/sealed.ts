import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A secret sealed at rest: `sealed:v1:<key id>:<iv>:<ciphertext>:<tag>` (base64url parts). v1 is AES-256-GCM with a
 * random 12-byte IV per value and the owner's id (e.g. the webhook endpoint id) as additional data, so a sealed
 * value copied onto another row does not open. The key id names the key it was sealed with, so a rotation (and a
 * start with the wrong key) knows which key each value needs.
 */
const PREFIX = 'sealed:v1:';

export interface SecretKey {
  /** The first 16 hex digits of the SHA-256 of the key: names it in sealed values and logs, reveals nothing. */
  readonly id: string;
  readonly bytes: Buffer;
}

export class SealError extends Error {
  override readonly name = 'SealError';
}

export function secretKey(bytes: Buffer): SecretKey {
  if (bytes.length !== 32) throw new SealError(`a secrets key is 32 bytes, got ${bytes.length}`);
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 16), bytes: Buffer.from(bytes) };
}

export function newSecretKey(): SecretKey {
  return secretKey(randomBytes(32));
}

export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

/** The id of the key a sealed value needs (undefined when the value is not sealed in a known format). */
export function sealedKeyId(value: string): string | undefined {
  if (!isSealed(value)) return undefined;
  return value.slice(PREFIX.length).split(':')[0];
}

export function seal(key: SecretKey, owner: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.bytes, iv);
  cipher.setAAD(Buffer.from(owner, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${key.id}:${iv.toString('base64url')}:${body.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}`;
}

/** The plain text; SealError when the key is not the one named, or the value was altered or moved to another owner. */
export function open(key: SecretKey, owner: string, value: string): string {
  const parts = isSealed(value) ? value.slice(PREFIX.length).split(':') : [];
  if (parts.length !== 4) throw new SealError('not a sealed value');
  const [id, iv, body, tag] = parts as [string, string, string, string];
  if (id !== key.id) throw new SealError(`sealed with key ${id}, not with key ${key.id}`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(owner, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SealError(`the value sealed with key ${id} does not open (altered, or not this owner's)`);
  }
}
