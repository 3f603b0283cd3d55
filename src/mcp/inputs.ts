import { z } from 'zod';
import { PlaceBody, PreviewBody } from '../http/schemas/orders.js';

/**
 * The order body's fields as the API validates them: made from the very TypeBox schemas of POST …/orders/test and
 * POST …/orders (the JSON Schema the OpenAPI document shows), so a tool accepts exactly what the API does — decimal
 * strings (no JSON number where a price, size or amount goes), the same enums, bounds and patterns, no unknown
 * field in an exit. Only the descriptions below are the assistants' own, added to those the schemas carry.
 */
const placeBody = z.fromJSONSchema(JSON.parse(JSON.stringify(PlaceBody)) as Parameters<typeof z.fromJSONSchema>[0]) as z.ZodObject<Record<string, z.ZodType>>;
const previewBody = z.fromJSONSchema(JSON.parse(JSON.stringify(PreviewBody)) as Parameters<typeof z.fromJSONSchema>[0]) as z.ZodObject<Record<string, z.ZodType>>;

const FOR_ASSISTANTS: Record<string, string> = {
  market: 'A market id such as "BTC-USD"',
  size: 'Size in the base asset, a decimal string such as "0.01" (or give notional_usd)',
  notional_usd: 'Order value in USD, a decimal string (instead of size)',
  expires_at: 'Unix milliseconds (time_in_force gtd)',
  take_profit: 'Take profit: trigger price, optional limit price',
  stop_loss: 'Stop loss: trigger price; with trailing.distance it trails the best price by that distance',
  break_even: 'Break-even: once trigger_price trades, the stop moves to entry plus offset_ticks',
};

/** A body's field, with the assistants' description where there is one. */
function field(body: z.ZodObject<Record<string, z.ZodType>>, name: string): z.ZodType {
  const f = body.shape[name];
  if (!f) throw new Error(`the order body has no field ${name}`);
  const d = FOR_ASSISTANTS[name];
  return d ? f.describe(d) : f;
}

const EXITS = ['take_profit', 'stop_loss', 'break_even'];

export const accountId = z.string().min(1).max(64).regex(/^[A-Za-z0-9-]+$/).describe('The account id as the accounts tool lists it, e.g. SANDBOX-1001-1 (sandbox) or 70000001 (live)');
export const market = field(placeBody, 'market') as z.ZodString;
export const confirm = z
  .boolean()
  .optional()
  .describe('false or absent: only preview and say what would happen, nothing is sent. true: send it (after showing the user the preview).');

/** The order body of POST /v1/accounts/{id}/orders/test and …/orders (the exits are the place tool's). */
export const orderFields = {
  account_id: accountId,
  ...Object.fromEntries(Object.keys(previewBody.shape).map((name) => [name, field(previewBody, name)])),
};

/** The exits of POST /v1/accounts/{id}/orders. */
export const exitFields = Object.fromEntries(EXITS.map((name) => [name, field(placeBody, name)]));

/** The fields given, without the tool's own (account_id, confirm) and without absent ones: the API's body. */
export function bodyOf(args: Record<string, unknown>, drop: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) if (v !== undefined && !drop.includes(k)) out[k] = v;
  return out;
}
