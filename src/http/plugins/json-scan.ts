/**
 * One pass over the text of a body that JSON.parse accepted, for what a parse cannot tell:
 * - a key twice in one object (`"a"` and `"\u0061"` are one key): JSON parsers disagree on which one wins, so no
 *   reading of such a body is safe;
 * - the first number not written as a plain safe integer. Every number a body takes is an integer (times,
 *   leverage, ticks; prices, sizes and money are decimal strings), so `1e3`, `1.0`, `1.5` or `9007199254740993`
 *   (which JSON.parse reads as …992) would otherwise be read as some other number, or stored and echoed as `1e+300`;
 * - how deeply objects and arrays nest.
 * No recursion: a hostile body cannot blow the stack.
 */
export interface InexactNumber {
  /** Where it is, as validation names fields: `expires_at`, `take_profit.price`, `items.0`. */
  field: string;
  /** The number as written (cut to 40 characters). */
  text: string;
  reason: 'not_an_integer' | 'unsafe_integer';
}

export interface JsonScan {
  duplicateKey: string | undefined;
  inexact: InexactNumber | undefined;
  depth: number;
}

const PLAIN = /^-?(0|[1-9][0-9]*)$/;
const NUMBER_CHAR = /[0-9eE+.-]/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Why a JSON number token is not taken, or undefined when it is a plain safe integer. */
export function numberFault(token: string): InexactNumber['reason'] | undefined {
  if (!PLAIN.test(token)) return 'not_an_integer';
  const v = BigInt(token);
  return v > MAX_SAFE || v < -MAX_SAFE ? 'unsafe_integer' : undefined;
}

interface Frame {
  /** The keys of an object so far; null for an array. */
  keys: Set<string> | null;
  /** The key being read in an object. */
  key: string;
  /** The position in an array. */
  index: number;
}

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

export function scanJson(text: string): JsonScan {
  const frames: Frame[] = [];
  let duplicateKey: string | undefined;
  let inexact: InexactNumber | undefined;
  let depth = 0;
  let expectKey = false;
  const path = () => frames.map((f) => (f.keys === null ? String(f.index) : f.key)).filter((p) => p !== '').join('.');
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22) {
      let j = i + 1;
      let escaped = false;
      while (j < text.length && text.charCodeAt(j) !== 0x22) {
        if (text.charCodeAt(j) === 0x5c) {
          escaped = true;
          j++;
        }
        j++;
      }
      if (expectKey) {
        const top = frames[frames.length - 1]!;
        const key = escaped ? (JSON.parse(text.slice(i, j + 1)) as string) : text.slice(i + 1, j);
        if (duplicateKey === undefined && top.keys!.has(key)) duplicateKey = key;
        top.keys!.add(key);
        top.key = key;
        expectKey = false;
      }
      i = j;
    } else if (ch === 0x7b || ch === 0x5b) {
      frames.push({ keys: ch === 0x7b ? new Set() : null, key: '', index: 0 });
      if (frames.length > depth) depth = frames.length;
      expectKey = ch === 0x7b;
    } else if (ch === 0x7d || ch === 0x5d) {
      frames.pop();
      expectKey = false;
    } else if (ch === 0x2c) {
      const top = frames[frames.length - 1];
      if (top && top.keys === null) top.index++;
      else expectKey = true;
    } else if (ch === 0x2d || (ch >= 0x30 && ch <= 0x39)) {
      let j = i + 1;
      while (j < text.length && NUMBER_CHAR.test(text[j]!)) j++;
      if (inexact === undefined) {
        const token = text.slice(i, j);
        const reason = numberFault(token);
        if (reason) inexact = { field: path() || '(body)', text: cut(token, 40), reason };
      }
      i = j - 1;
    }
  }
  return { duplicateKey, inexact, depth };
}
