/**
 * JSON with numbers kept as their source text. Kraken sends prices as JSON numbers; JSON.parse would turn
 * 67000.123456789012 into the nearest float before decimal.ts ever saw it. This parser hands every number literal
 * over as a JsonNumber holding its exact text (strings, booleans and null come out as JSON.parse gives them).
 */
export class JsonNumber {
  constructor(readonly text: string) {}
}

export type LosslessValue = null | boolean | string | JsonNumber | LosslessValue[] | { [key: string]: LosslessValue };

const NUMBER_RE = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const MAX_DEPTH = 64;

/** Parses JSON text; throws SyntaxError on anything JSON.parse would refuse (and on nesting deeper than 64). */
export function parseLossless(text: string): LosslessValue {
  let pos = 0;

  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at position ${pos}`);
  };
  const skipWs = (): void => {
    while (pos < text.length && (text[pos] === ' ' || text[pos] === '\n' || text[pos] === '\r' || text[pos] === '\t')) pos++;
  };

  const parseString = (): string => {
    const start = pos;
    pos++;
    while (pos < text.length) {
      const c = text[pos];
      if (c === '\\') pos += 2;
      else if (c === '"') {
        pos++;
        // JSON.parse checks escapes and control characters in the slice.
        return JSON.parse(text.slice(start, pos)) as string;
      } else pos++;
    }
    return fail('unterminated string');
  };

  const parseValue = (depth: number): LosslessValue => {
    if (depth > MAX_DEPTH) fail('nesting too deep');
    skipWs();
    const c = text[pos];
    if (c === '{') {
      pos++;
      const obj: { [key: string]: LosslessValue } = {};
      skipWs();
      if (text[pos] === '}') {
        pos++;
        return obj;
      }
      for (;;) {
        skipWs();
        if (text[pos] !== '"') fail('expected a key');
        const key = parseString();
        skipWs();
        if (text[pos] !== ':') fail("expected ':'");
        pos++;
        Object.defineProperty(obj, key, { value: parseValue(depth + 1), enumerable: true, writable: true, configurable: true });
        skipWs();
        if (text[pos] === ',') pos++;
        else if (text[pos] === '}') {
          pos++;
          return obj;
        } else fail("expected ',' or '}'");
      }
    }
    if (c === '[') {
      pos++;
      const arr: LosslessValue[] = [];
      skipWs();
      if (text[pos] === ']') {
        pos++;
        return arr;
      }
      for (;;) {
        arr.push(parseValue(depth + 1));
        skipWs();
        if (text[pos] === ',') pos++;
        else if (text[pos] === ']') {
          pos++;
          return arr;
        } else fail("expected ',' or ']'");
      }
    }
    if (c === '"') return parseString();
    for (const [word, value] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, pos)) {
        pos += word.length;
        return value;
      }
    }
    NUMBER_RE.lastIndex = pos;
    const m = NUMBER_RE.exec(text);
    if (m === null) return fail('unexpected character');
    pos += m[0].length;
    return new JsonNumber(m[0]);
  };

  const value = parseValue(0);
  skipWs();
  if (pos !== text.length) fail('unexpected text after the value');
  return value;
}

/**
 * A JSON number literal as a plain decimal string ("1.5e3" → "1500", "25E-3" → "0.025"), shifting digits, never
 * through a float. Exponents beyond ±64 are refused (undefined): no price needs them.
 */
export function plainDecimal(literal: string): string | undefined {
  const m = /^(-?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/.exec(literal);
  if (m === null) return undefined;
  const [, sign = '', whole = '', frac = '', expText] = m;
  if (expText === undefined) return literal;
  const exp = Number.parseInt(expText, 10);
  if (Math.abs(exp) > 64) return undefined;
  const digits = whole + frac;
  const point = whole.length + exp;
  let intPart: string;
  let fracPart: string;
  if (point <= 0) {
    intPart = '0';
    fracPart = '0'.repeat(-point) + digits;
  } else if (point >= digits.length) {
    intPart = digits + '0'.repeat(point - digits.length);
    fracPart = '';
  } else {
    intPart = digits.slice(0, point);
    fracPart = digits.slice(point);
  }
  intPart = intPart.replace(/^0+(?=[0-9])/, '');
  fracPart = fracPart.replace(/0+$/, '');
  return `${sign}${intPart}${fracPart.length > 0 ? `.${fracPart}` : ''}`;
}
