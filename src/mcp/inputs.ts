import { Type, type TSchema } from 'typebox';
import { z } from 'zod';
import { DEAD_MAN_MAX_MS, DEAD_MAN_MIN_MS } from '../engine/dead-man-switch.js';
import { ExitsPatchIn, PlaceBody, PreviewBody } from '../http/schemas/orders.js';
import { FutureTimeMs, Nullable, PositiveDecimal } from '../schemas/common.js';

/**
 * The order body's fields as the API validates them: made from the very TypeBox schemas of POST …/orders/test and
 * POST …/orders (the JSON Schema the OpenAPI document shows), so a tool accepts exactly what the API does — decimal
 * strings (no JSON number where a price, size or amount goes), the same enums, bounds and patterns, no unknown
 * field in an exit. Only the descriptions below are the assistants' own, added to those the schemas carry.
 */
const zodOf = (schema: TSchema) => z.fromJSONSchema(JSON.parse(JSON.stringify(schema)) as Parameters<typeof z.fromJSONSchema>[0]) as z.ZodObject<Record<string, z.ZodType>>;
const placeBody = zodOf(PlaceBody);
const previewBody = zodOf(PreviewBody);
/**
 * PUT …/positions/{market}/exits takes all three exits; the tool takes the ones to change (null removes one): the
 * fields of ExitsPatchIn (its "at least one" is the tool's to say, so it reads them without it).
 */
const exitChanges = zodOf(Type.Object(ExitsPatchIn.properties, { additionalProperties: false }));
/** PATCH …/orders/{id}: the fields of the edit route's body, from the same schemas (edit.ts). */
const editBody = zodOf(
  Type.Object(
    {
      size: Type.Optional(PositiveDecimal),
      limit_price: Type.Optional(PositiveDecimal),
      stop_price: Type.Optional(PositiveDecimal),
      expires_at: Type.Optional(FutureTimeMs),
      exits: Type.Optional(Nullable(ExitsPatchIn)),
    },
    { additionalProperties: false },
  ),
);

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
function field(body: z.ZodObject<Record<string, z.ZodType>>, name: string, described: Record<string, string> = FOR_ASSISTANTS): z.ZodType {
  const f = body.shape[name];
  if (!f) throw new Error(`the order body has no field ${name}`);
  const d = described[name];
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

const KEEP = 'null removes it; absent: kept as it is';
/** The exits of a position to change (set_exits): each one given replaces that exit, null removes it, absent keeps it. */
export const exitChangeFields = Object.fromEntries(
  EXITS.map((name) => [
    name,
    field(exitChanges, name, {
      take_profit: `Take profit: {price, limit_price?} sets or moves it; ${KEEP}`,
      stop_loss: `Stop loss: {price, trailing?: {distance}} sets or moves it (with trailing it trails the best price by that distance); ${KEEP}`,
      break_even: `Break-even: {trigger_price, offset_ticks}: once trigger_price trades, the stop moves to entry plus offset_ticks; ${KEEP}`,
    }),
  ]),
);

/** What an edit of a working order may change (PATCH /v1/accounts/{id}/orders/{order_id}). */
export const editFields = Object.fromEntries(
  ['size', 'limit_price', 'stop_price', 'expires_at', 'exits'].map((name) => [
    name,
    field(editBody, name, {
      size: 'The new size, a decimal string (the whole order, not what is left)',
      limit_price: 'The new limit price, a decimal string',
      stop_price: 'The new stop (trigger) price, a decimal string',
      expires_at: 'The new expiry, Unix milliseconds (time_in_force gtd)',
      exits: 'The exits the order places when it fills: the parts given replace the pending ones (null removes one), null removes them all',
    }),
  ]),
);

/** POST …/orders/cancel-all-after `timeout_ms`: 0 disarms; below a second is refused, as the API refuses it. */
export const timeoutMs = z
  .number()
  .int()
  .min(0)
  .max(DEAD_MAN_MAX_MS)
  .refine((v) => v === 0 || v >= DEAD_MAN_MIN_MS, { message: `timeout_ms must be 0 (disarm) or ${DEAD_MAN_MIN_MS} to ${DEAD_MAN_MAX_MS}` })
  .describe(`Milliseconds from now: ${DEAD_MAN_MIN_MS} to ${DEAD_MAN_MAX_MS} (one second to one day) arms or renews the switch; 0 disarms it`);

/** The fields given, without the tool's own (account_id, confirm) and without absent ones: the API's body. */
export function bodyOf(args: Record<string, unknown>, drop: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) if (v !== undefined && !drop.includes(k)) out[k] = v;
  return out;
}
