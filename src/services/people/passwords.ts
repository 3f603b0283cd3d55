import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../errors/api-error.js';
import type { WorkGate } from './work-gate.js';

/** scrypt's cost as docs/DASHBOARD.md fixes it: N = 2^15, r = 8, p = 1 (32 MiB, tens of ms per hash). */
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is exactly that, which it refuses: twice it. */
const MAX_MEM = 2 * 128 * N * R;

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

/** A tiny list of the passwords people try first: refused whatever their length. */
const COMMON = new Set([
  '0123456789',
  '1234567890',
  '12345678910',
  '1q2w3e4r5t',
  'abcdefghij',
  'admin12345',
  'iloveyou12',
  'letmein123',
  'password12',
  'password123',
  'password1234',
  'passwordpassword',
  'qwerty1234',
  'qwertyuiop',
  'welcome123',
  'rampart123',
]);

function derive(password: string, salt: Buffer, n: number, r: number, p: number, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, { N: n, r, p, maxmem: Math.max(MAX_MEM, 2 * 128 * n * r) }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, N, R, P, KEY_BYTES);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether the password is the one hashed (constant time on the hash); false for a hash this cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length === 0) return false;
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p), expected.length);
  return timingSafeEqual(key, expected);
}

/** A hash no password matches, checked when the email is unknown so that its answer takes as long as a known one's. */
export const DUMMY_HASH = `scrypt$${N}$${R}$${P}$${Buffer.alloc(SALT_BYTES).toString('base64url')}$${Buffer.alloc(KEY_BYTES).toString('base64url')}`;

/** weak_password unless 10 to 200 characters, not the email, not on the common list. */
export function checkPassword(password: string, email: string, field = 'password'): void {
  const length = [...password].length;
  const reason =
    length < PASSWORD_MIN
      ? `at least ${PASSWORD_MIN} characters`
      : length > PASSWORD_MAX
        ? `at most ${PASSWORD_MAX} characters`
        : password.trim().toLowerCase() === email.toLowerCase() || password.toLowerCase() === email.split('@')[0]?.toLowerCase()
          ? 'not the email address'
          : COMMON.has(password.toLowerCase())
            ? 'not one of the most common passwords'
            : undefined;
  if (reason) throw new ApiError('weak_password', { message: `The password must be ${reason}.`, details: { field, min_length: PASSWORD_MIN, max_length: PASSWORD_MAX } });
}

/**
 * Hashing and checking passwords through the process's bound on scrypt work (work-gate.ts): every sign-in, sign-up,
 * confirmation and password change costs 32 MiB of scrypt on libuv's shared thread pool; past the bound the caller
 * is told 503 capacity, retryable, rather than queued without end.
 */
export class PasswordHasher {
  constructor(private readonly gate: WorkGate) {}

  hash(password: string): Promise<string> {
    return this.gate.run(() => hashPassword(password));
  }

  verify(password: string, stored: string): Promise<boolean> {
    return this.gate.run(() => verifyPassword(password, stored));
  }
}
