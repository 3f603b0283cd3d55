import { randomBytes } from 'node:crypto';
import { hashSecret, sameHash } from '../credentials.js';

/** A random secret of 32 bytes (256 bits), base64url: session cookies, CSRF tokens, invitation tokens. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** Only this is stored: sha256 (the secrets are random and long, a slow hash buys nothing). */
export const secretHash = hashSecret;
export const sameSecretHash = sameHash;

/** An email as kept and compared: trimmed, lower-case. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (email: string): boolean => email.length <= 254 && EMAIL_RE.test(email);

/** "d***@rampart.local": enough to recognise one's own address, not to read it off a shoulder. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
}
