import type { Dec } from './decimal.js';
import type { Engine } from './engine.js';

/**
 * Closes every position of the account at the market (close_reason close_all), market by market in name order;
 * a key limited to markets reaches only those. Each market closes or fails on its own (a halted market does not
 * keep the others open), and the answer says which did what.
 */
export function closeAll(
  engine: Engine,
  accountId: string,
  allowed: readonly string[] | null,
  now: number,
  by: { keyId: string | null; lossStop: Dec | null },
): { closed: string[]; failed: { market: string; code: string }[] } {
  const closed: string[] = [];
  const failed: { market: string; code: string }[] = [];
  const markets = [...(engine.books.get(accountId)?.positions.keys() ?? [])].sort();
  for (const market of markets) {
    if (allowed && !allowed.includes(market)) continue;
    const r = engine.closePosition(accountId, market, 'close_all', now, 'api', by);
    if (r.ok) closed.push(market);
    else failed.push({ market, code: r.rejection.code });
  }
  return { closed, failed };
}
