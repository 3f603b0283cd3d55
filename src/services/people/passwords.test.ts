import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors/api-error.js';
import { checkPassword, DUMMY_HASH, hashPassword, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('hashes with scrypt N=2^15 r=8 p=1 and a fresh 16-byte salt, and verifies only the same password', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('treats composed and decomposed forms of one text as one password (NFC)', async () => {
    const h = await hashPassword('caf\u00e9 au lait 1');
    expect(await verifyPassword('cafe\u0301 au lait 1', h)).toBe(true);
  });

  it('matches nothing against the dummy hash or a hash it cannot read', async () => {
    expect(await verifyPassword('anything at all', DUMMY_HASH)).toBe(false);
    expect(await verifyPassword('anything at all', 'bcrypt$whatever')).toBe(false);
    expect(await verifyPassword('anything at all', 'scrypt$32768$8$1$c2FsdA$')).toBe(false);
  });

  it('refuses short, long, common, and email-like passwords as weak_password', () => {
    const code = (p: string, email = 'ada@example.com') => {
      try {
        checkPassword(p, email);
        return 'ok';
      } catch (err) {
        return (err as ApiError).code;
      }
    };
    expect(code('123456789')).toBe('weak_password');
    expect(code('x'.repeat(201))).toBe('weak_password');
    expect(code('x'.repeat(200))).toBe('ok');
    expect(code('Password123')).toBe('weak_password');
    expect(code('ADA@example.com')).toBe('weak_password');
    expect(code('ada', 'ada@example.com')).toBe('weak_password');
    expect(code('a long and fine passphrase')).toBe('ok');
    // Characters, not UTF-16 units: ten emoji are ten characters.
    expect(code('😀'.repeat(10))).toBe('ok');
  });
});
