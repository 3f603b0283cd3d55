/**
 * Exact decimals as scaled bigints (18 places). Prices, sizes and money never pass through a float.
 *
 * Rounding table (CONTRACT conventions):
 * - money computed at a fill (fees, P&L, margin, balances): 8 places, half-even (`roundMoney`);
 * - sizes from notional_usd: down to the size step (`floorToStep`);
 * - money computed on read (unrealized P&L, equity, cross margin, reservations, rule figures) and average entry
 *   prices are kept exact and shown at 8 places, half-even (`fmtMoney`);
 * - everything else stays exact.
 */
export const SCALE = 18;
const ONE_RAW = 10n ** BigInt(SCALE);

export type Dec = bigint & { readonly __dec: unique symbol };

const DECIMAL_RE = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

export const ZERO = 0n as Dec;
export const ONE = ONE_RAW as Dec;

/** Parses a canonical-enough decimal string ("60000.5", "0.001", "-3"); undefined when it is not one. */
export function parseDec(text: string): Dec | undefined {
  if (text.length === 0 || text.length > 64 || !DECIMAL_RE.test(text)) return undefined;
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const [whole = '0', frac = ''] = body.split('.');
  if (frac.length > SCALE) return undefined;
  const raw = BigInt(whole) * ONE_RAW + BigInt(frac.padEnd(SCALE, '0') || '0');
  return (negative ? -raw : raw) as Dec;
}

export function dec(text: string): Dec {
  const d = parseDec(text);
  if (d === undefined) throw new Error(`not a decimal: ${text}`);
  return d;
}

export function fromInt(n: number | bigint): Dec {
  return (BigInt(n) * ONE_RAW) as Dec;
}

/** Canonical output: no exponent, no '+', no trailing zeros, "-0" never. */
export function fmt(d: Dec): string {
  const negative = d < 0n;
  const abs = negative ? -d : d;
  // One conversion to text and slices of it: every figure of every answer and event passes here.
  const digits = abs.toString();
  const text = digits.length > SCALE ? withPoint(digits.slice(0, digits.length - SCALE), digits.slice(digits.length - SCALE)) : withPoint('0', digits.padStart(SCALE, '0'));
  return negative ? `-${text}` : text;
}

/** `whole.frac` without the fraction's trailing zeros (and without the point when nothing is left of it). */
function withPoint(whole: string, frac: string): string {
  let end = frac.length;
  while (end > 0 && frac.charCodeAt(end - 1) === 48) end--;
  return end === 0 ? whole : `${whole}.${frac.slice(0, end)}`;
}

export const add = (a: Dec, b: Dec): Dec => (a + b) as Dec;
export const sub = (a: Dec, b: Dec): Dec => (a - b) as Dec;
export const neg = (a: Dec): Dec => -a as Dec;
export const abs = (a: Dec): Dec => (a < 0n ? -a : a) as Dec;
export const min = (a: Dec, b: Dec): Dec => (a < b ? a : b);
export const max = (a: Dec, b: Dec): Dec => (a > b ? a : b);
export const isZero = (a: Dec): boolean => a === 0n;

export type Rounding = 'down' | 'up' | 'half_even' | 'floor' | 'ceil';

/** Divides a raw bigint by a positive divisor with the rounding given. */
function divRound(n: bigint, d: bigint, mode: Rounding): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const negative = n < 0n !== d < 0n;
  switch (mode) {
    case 'down':
      return q;
    case 'up':
      return negative ? q - 1n : q + 1n;
    case 'floor':
      return negative ? q - 1n : q;
    case 'ceil':
      return negative ? q : q + 1n;
    case 'half_even': {
      const twice = (r < 0n ? -r : r) * 2n;
      const dd = d < 0n ? -d : d;
      if (twice < dd) return q;
      if (twice > dd || q % 2n !== 0n) return negative ? q - 1n : q + 1n;
      return q;
    }
  }
}

/** Exact product, rounded to 18 places (half-even) when the product has more. */
export function mul(a: Dec, b: Dec, mode: Rounding = 'half_even'): Dec {
  return divRound(a * b, ONE_RAW, mode) as Dec;
}

/**
 * A sum of products (Σ aᵢ × bᵢ), rounded once at the end: the raw products add up exactly, so this equals the sum
 * of `mul`s whenever each product fits 18 places (sizes × prices always do) and is closer when one does not.
 */
export function sumOfProducts(): { add(a: Dec, b: Dec): void; total(mode?: Rounding): Dec } {
  let raw = 0n;
  return {
    add(a, b) {
      raw += a * b;
    },
    total(mode: Rounding = 'half_even') {
      return divRound(raw, ONE_RAW, mode) as Dec;
    },
  };
}

/** A sum of raw products (size × price, each of scale², added exactly) rounded back to a Dec once. */
export function fromProducts(raw: bigint, mode: Rounding = 'half_even'): Dec {
  return divRound(raw, ONE_RAW, mode) as Dec;
}

/** a ÷ n for a whole number n (a leverage, a count): the same result as div(a, fromInt(n)), without scaling up. */
export function divInt(a: Dec, n: number, mode: Rounding = 'half_even'): Dec {
  if (n === 0) throw new RangeError('division by zero');
  return divRound(a, BigInt(n), mode) as Dec;
}

export function div(a: Dec, b: Dec, mode: Rounding = 'half_even'): Dec {
  if (b === 0n) throw new RangeError('division by zero');
  return divRound(a * ONE_RAW, b, mode) as Dec;
}

/** The raw unit of each number of decimal places (10^(18 − places)), computed once rather than per rounding. */
const UNITS = Array.from({ length: SCALE + 1 }, (_, places) => 10n ** BigInt(SCALE - places));

/** Rounds to `places` decimal places. */
export function round(a: Dec, places: number, mode: Rounding = 'half_even'): Dec {
  const unit = UNITS[places] ?? 10n ** BigInt(SCALE - places);
  return (divRound(a, unit, mode) * unit) as Dec;
}

const MONEY_UNIT = UNITS[8]!;

/** Money computed at a fill: 8 places, half-even (the rounding table above); a fill rounds several amounts. */
export const roundMoney = (a: Dec): Dec => (divRound(a, MONEY_UNIT, 'half_even') * MONEY_UNIT) as Dec;

/** Money (and an average entry price) as the API shows it: 8 places, half-even. */
export const fmtMoney = (a: Dec): string => fmt(roundMoney(a));

export function isMultipleOf(a: Dec, step: Dec): boolean {
  return step !== 0n && a % step === 0n;
}

/** The largest multiple of step that is ≤ a (toward −∞). */
export function floorToStep(a: Dec, step: Dec): Dec {
  return (divRound(a, step, 'floor') * step) as Dec;
}

export function ceilToStep(a: Dec, step: Dec): Dec {
  return (divRound(a, step, 'ceil') * step) as Dec;
}

/** The two multiples of step around a (equal when a is one). */
export function nearestSteps(a: Dec, step: Dec): [Dec, Dec] {
  return [floorToStep(a, step), ceilToStep(a, step)];
}

/** Percent of a value: a × pct / 100. */
export function pct(a: Dec, percent: Dec, mode: Rounding = 'half_even'): Dec {
  return divInt(mul(a, percent, mode), 100, mode);
}

export function cmp(a: Dec, b: Dec): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}
