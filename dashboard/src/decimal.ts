// Decimal strings shown and compared exactly: scaled BigInts, never floats (prices, sizes and money are strings in
// the API). Ratios for gauges come out as whole per-mille.

function scaled(s: string, dp: number): bigint {
  const neg = s.startsWith('-');
  const [int = '0', frac = ''] = (neg ? s.slice(1) : s).split('.');
  const kept = (frac + '0'.repeat(dp + 1)).slice(0, dp + 1);
  let v = BigInt(int + kept);
  // Half away from zero on the digit after the last kept one.
  v = v % 10n >= 5n ? v / 10n + 1n : v / 10n;
  return neg ? -v : v;
}

function unscale(v: bigint, dp: number): string {
  const neg = v < 0n;
  const digits = (neg ? -v : v).toString().padStart(dp + 1, '0');
  const int = digits.slice(0, digits.length - dp).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = dp > 0 ? `.${digits.slice(digits.length - dp)}` : '';
  return `${neg && v !== 0n ? '−' : ''}${int}${frac}`;
}

/** "12345.678" → "12,345.68" (money: two places, grouped). */
export function money(s: string | null | undefined): string {
  if (s === null || s === undefined || s === '') return '—';
  return unscale(scaled(s, 2), 2);
}

/** A price or size as the API gave it, grouped, with at least `min` places. */
export function plain(s: string | null | undefined, min = 0): string {
  if (s === null || s === undefined || s === '') return '—';
  const places = Math.max(min, (s.split('.')[1] ?? '').length);
  return unscale(scaled(s, places), places);
}

/** A scaled value as a plain decimal string (no grouping, no trailing zeros), as the API takes it. */
function str(v: bigint, dp: number): string {
  const neg = v < 0n;
  const digits = (neg ? -v : v).toString().padStart(dp + 1, '0');
  const out = `${digits.slice(0, -dp)}.${digits.slice(-dp)}`.replace(/\.?0+$/, '');
  return (neg ? '-' : '') + out;
}

/** a − b, exact to 8 places. */
export function sub(a: string, b: string): string {
  return str(scaled(a, 8) - scaled(b, 8), 8);
}

/** pct % of amount, exact to 8 places. */
export function percentOf(amount: string, pct: string): string {
  return str((scaled(amount, 8) * scaled(pct, 8)) / (10n ** 8n * 100n), 8);
}

/** part / whole in per-mille, clamped to 0‥1000; null when whole is not positive. */
export function permille(part: string, whole: string): number | null {
  const w = scaled(whole, 8);
  if (w <= 0n) return null;
  const r = (scaled(part, 8) * 1000n) / w;
  return Number(r < 0n ? 0n : r > 1000n ? 1000n : r);
}

export function sign(s: string | null | undefined): -1 | 0 | 1 {
  if (!s) return 0;
  const v = scaled(s, 8);
  return v < 0n ? -1 : v > 0n ? 1 : 0;
}

export function time(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}
