import { describe, expect, it } from 'vitest';
import { isSealed, newSecretKey, open, seal, SealError, sealedKeyId } from './sealed.js';

describe('sealed secrets', () => {
  const key = newSecretKey();

  it('opens what it sealed, with a fresh IV each time and the key named in the value', () => {
    const a = seal(key, 'whk_1', 'whsec_abc');
    const b = seal(key, 'whk_1', 'whsec_abc');
    expect(a).not.toBe(b);
    expect(isSealed(a)).toBe(true);
    expect(sealedKeyId(a)).toBe(key.id);
    expect(open(key, 'whk_1', a)).toBe('whsec_abc');
  });

  it('does not open under another owner (a value copied onto another endpoint), another key, or once altered', () => {
    const v = seal(key, 'whk_1', 'whsec_abc');
    expect(() => open(key, 'whk_2', v)).toThrow(SealError);
    expect(() => open(newSecretKey(), 'whk_1', v)).toThrow(/sealed with key/);
    const parts = v.split(':');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0]! ^= 1;
    parts[4] = body.toString('base64url');
    expect(() => open(key, 'whk_1', parts.join(':'))).toThrow(SealError);
    expect(() => open(key, 'whk_1', 'whsec_abc')).toThrow(/not a sealed value/);
  });
});
