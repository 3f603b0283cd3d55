import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { quoteLiteral } from './durability.js';

describe('quoteLiteral', () => {
  it("writes what node-postgres's escapeLiteral writes, for any string", () => {
    // Quotes and backslashes often, among any other character (surrogates and U+0000 included).
    const text = fc.string({ unit: fc.oneof(fc.constantFrom("'", '\\', 'a', '"', 'é'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 60 });
    fc.assert(fc.property(text, (s) => quoteLiteral(s) === pg.escapeLiteral(s)), { numRuns: 2000 });
    expect(quoteLiteral("it's")).toBe("'it''s'");
    expect(quoteLiteral('a\\b')).toBe(" E'a\\\\b'");
    expect(quoteLiteral('')).toBe("''");
  });
});
