import { hash, timingSafeEqual } from 'node:crypto';
import { randomBase62 } from '../kernel/ids.js';
import type { Environment } from '../schemas/common.js';

export const envTag = (environment: Environment): 'live' | 'test' => (environment === 'live' ? 'live' : 'test');

export const KEY_RE = /^rk_(live|test)_[0-9A-Za-z]{32,64}$/;
export const TOKEN_RE = /^rat_(live|test)_[0-9A-Za-z]{32,64}$/;

export function newKeySecret(environment: Environment): string {
  return `rk_${envTag(environment)}_${randomBase62(40)}`;
}

export function newTokenSecret(environment: Environment): string {
  return `rat_${envTag(environment)}_${randomBase62(40)}`;
}

/**
 * Only this hash is stored. A fast hash is right here: the secrets carry 238 bits of entropy. One-shot (no Hash
 * object): it runs on every authenticated request.
 */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
