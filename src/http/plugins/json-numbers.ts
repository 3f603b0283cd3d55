/**
 * JSON numbers in a request body, read from the text. Every number a body takes is an integer (times, leverage,
 * ticks, milliseconds; prices, sizes and money are decimal strings), so a number is taken only written in plain
 * digits and within JavaScript's safe integers: `1e3`, `1.0`, `1.5` or `9007199254740993` (which JSON.parse reads as
 * …992) would otherwise be read as some other number, or stored and echoed as `1e+300`.
 */
export interface InexactNumber {
  /** Where it is, as validation names fields: `expires_at`, `take_profit.price`, `items.0`. */
  field: string;
  /** The number as written (cut to 40 characters). */
  text: string;
  reason: 'not_an_integer' | 'unsafe_integer';
}

const PLAIN = /^-?(0|[1-9][0-9]*)$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Why a JSON number token is not taken, or undefined when it is a plain safe integer. */
export function numberFault(token: string): InexactNumber['reason'] | undefined {
  if (!PLAIN.test(token)) return 'not_an_integer';
  const v = BigInt(token);
  return v > MAX_SAFE || v < -MAX_SAFE ? 'unsafe_integer' : undefined;
}

interface Frame {
  /** null for an array. */
  key: string | null;
  index: number;
}

/**
 * The first number of a text that is valid JSON (JSON.parse accepted it) that is not a plain safe integer, with
 * its path; undefined when there is none. One pass, no recursion (a hostile body cannot blow the stack).
 */
export function inexactNumberOf(text: string): InexactNumber | undefined {
  const frames: Frame[] = [];
  let expectKey = false;
  const path = () => frames.map((f) => (f.key === null ? String(f.index) : f.key)).filter((p) => p !== '').join('.');
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
        frames[frames.length - 1]!.key = escaped ? (JSON.parse(text.slice(i, j + 1)) as string) : text.slice(i + 1, j);
        expectKey = false;
      }
      i = j;
    } else if (ch === 0x7b) {
      frames.push({ key: '', index: 0 });
      expectKey = true;
    } else if (ch === 0x5b) {
      frames.push({ key: null, index: 0 });
    } else if (ch === 0x7d || ch === 0x5d) {
      frames.pop();
    } else if (ch === 0x2c) {
      const top = frames[frames.length - 1];
      if (top && top.key === null) top.index++;
      else expectKey = true;
    } else if (ch === 0x2d || (ch >= 0x30 && ch <= 0x39)) {
      let j = i + 1;
      while (j < text.length && /[0-9eE+.-]/.test(text[j]!)) j++;
      const token = text.slice(i, j);
      const reason = numberFault(token);
      if (reason) return { field: path() || '(body)', text: token.length > 40 ? `${token.slice(0, 40)}…` : token, reason };
      i = j - 1;
    }
  }
  return undefined;
}
