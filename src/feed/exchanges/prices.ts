import { add, divInt, parseDec, type Dec } from '../../engine/decimal.js';

/** A price read from a message, or why it could not be: the reason goes into the 'garbled' event. */
export type PriceRead = { readonly ok: true; readonly value: Dec } | { readonly ok: false; readonly reason: string };

/** A price given as a decimal string; a missing, malformed, zero or negative one is refused. */
export function readPrice(field: string, value: unknown): PriceRead {
  if (typeof value !== 'string') return { ok: false, reason: `${field} is missing or not a decimal string` };
  const d = parseDec(value);
  if (d === undefined) return { ok: false, reason: `${field} is not a decimal: ${value.slice(0, 40)}` };
  if (d <= 0n) return { ok: false, reason: `${field} is not positive: ${value}` };
  return { ok: true, value: d };
}

/** Bid and ask as one source's book: a crossed book (bid above ask) is no quote. Equal is allowed (locked). */
export function crossed(bid: Dec, ask: Dec): string | undefined {
  return bid > ask ? 'bid above ask' : undefined;
}

export const mid = (bid: Dec, ask: Dec): Dec => divInt(add(bid, ask), 2);

const ISO_RE = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$/;

/**
 * RFC 3339 time with any number of fractional digits (Coinbase sends nanoseconds) → ms since epoch; undefined when
 * it is not one. Only the first three fractional digits count.
 */
export function isoMs(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const m = ISO_RE.exec(text);
  if (m === null) return undefined;
  const [, base = '', frac = '', zone = ''] = m;
  const ms = Date.parse(`${base}.${frac.padEnd(3, '0').slice(0, 3)}${zone}`);
  return Number.isFinite(ms) ? ms : undefined;
}

/** Parses JSON, undefined when the text is not JSON (a garbled message, never a throw). */
export function tryJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Our market id for an exchange symbol, from the source's markets map (market → symbol). */
export function reverseMarkets(markets: Readonly<Record<string, string>>, normalize: (s: string) => string = (s) => s): Map<string, string> {
  const bySymbol = new Map<string, string>();
  for (const [market, symbol] of Object.entries(markets)) bySymbol.set(normalize(symbol), market);
  return bySymbol;
}
