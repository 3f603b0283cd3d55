import { z } from 'zod';

/** Prices, sizes and money travel as decimal strings, never JSON numbers (no float on the way in). */
export const decimal = z.string().regex(/^(0|[1-9]\d*)(\.\d+)?$/, 'a decimal string such as "0.01" or "61000"');
export const accountId = z.string().min(1).max(64).regex(/^[A-Za-z0-9-]+$/).describe('The account id (acc_… as listed by the accounts tool)');
export const market = z.string().min(1).max(32).describe('A market id such as "BTC-USD"');
export const confirm = z
  .boolean()
  .optional()
  .describe('false or absent: only preview and say what would happen, nothing is sent. true: send it (after showing the user the preview).');

/** The order body of POST /v1/accounts/{id}/orders/test and …/orders (the exits are the place tool's). */
export const orderFields = {
  account_id: accountId,
  market,
  side: z.enum(['buy', 'sell']),
  type: z.enum(['market', 'limit', 'stop_market', 'stop_limit']),
  size: decimal.optional().describe('Size in the base asset (or give notional_usd)'),
  notional_usd: decimal.optional().describe('Order value in USD (instead of size)'),
  limit_price: decimal.optional(),
  stop_price: decimal.optional(),
  worst_price: decimal.optional(),
  max_slippage_pct: decimal.optional(),
  reduce_only: z.boolean().optional(),
  post_only: z.boolean().optional(),
  time_in_force: z.enum(['gtc', 'gtd', 'ioc', 'fok']).optional(),
  expires_at: z.number().int().optional().describe('Unix milliseconds (time_in_force gtd)'),
  client_order_id: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/)
    .optional(),
};

export const exitFields = {
  take_profit: z.object({ price: decimal, limit_price: decimal.optional() }).strict().optional().describe('Take profit: trigger price, optional limit price'),
  stop_loss: z
    .object({ price: decimal, trailing: z.object({ distance: decimal }).strict().optional() })
    .strict()
    .optional()
    .describe('Stop loss: trigger price; with trailing.distance it trails the best price by that distance'),
  break_even: z
    .object({ trigger_price: decimal, offset_ticks: z.number().int().min(0).max(1_000_000) })
    .strict()
    .optional()
    .describe('Break-even: once trigger_price trades, the stop moves to entry plus offset_ticks'),
};

/** The fields given, without the tool's own (account_id, confirm) and without absent ones: the API's body. */
export function bodyOf(args: Record<string, unknown>, drop: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) if (v !== undefined && !drop.includes(k)) out[k] = v;
  return out;
}
