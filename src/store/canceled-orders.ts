import { sourceOf } from '../engine/pipeline/core.js';
import { OPEN_STATUSES, transition } from '../engine/order-status.js';
import { ORIGINS, type CancelReason } from '../engine/types.js';
import { REJECT_MESSAGE } from '../views/trading-views.js';
import type { Environment } from '../schemas/common.js';

/**
 * The restart transition's cancellations at start-up, as one description both stores turn into SQL: every open
 * order of the partition's accounts rewritten as the engine's `cancelOrder` leaves it and serialized as
 * `orderToData` writes it, and announced by the `order.canceled` event `eventView` renders for it — built from the
 * stored JSON by the database, so 100k orders cost no JavaScript each. `test/store/contract.test.ts` holds the SQL
 * to those functions on orders of every shape, on both stores.
 */
export interface OpenOrdersCancel {
  environment: Environment;
  /** The accounts whose open orders are canceled (the partition's); other accounts' orders stay as stored. */
  accounts: readonly string[];
  reason: CancelReason;
  /** Clock ms of the cancel: the orders' canceled_at and updated_at, the events' created_at. */
  now: number;
  /**
   * The events' ids: this prefix, the customer's number, `_`, then the seq padded to 12 digits. Each customer's are
   * numbered after its last event, in the orders' seq order (oldest first).
   */
  eventIdPrefix: string;
}

/** How one database reads the stored order's JSON (`d` in the statements) and writes SQL values. */
export interface JsonDialect {
  /** The stored order's value at a dot-separated path as JSON text (as JSON.stringify gives it); NULL when absent. */
  at(path: string): string;
  /** An SQL condition: the value at path is a JSON object. */
  isObject(path: string): string;
  /** The cancel's time as SQL (an integer). */
  now: string;
  /** The event's id as SQL text (from the row's `s`, its seq, and `num`, its customer's number). */
  eventId: string;
}

/** An SQL string literal. */
export const sqlText = (s: string): string => `'${s.replaceAll("'", "''")}'`;
/** An SQL string literal holding the JSON text of v. */
const sqlJson = (v: unknown): string => sqlText(JSON.stringify(v));

/** The order's status after the cancel, as SQL over its status before (`status`): the order-status table's cancel. */
export function canceledStatus(status: string): string {
  return `CASE ${status} ${OPEN_STATUSES.map((st) => `WHEN ${sqlText(st)} THEN ${sqlText(transition(st, 'cancel'))}`).join(' ')} END`;
}

/**
 * The keys `cancelOrder` sets on the stored order and their new values as typed SQL (text, or the integer `now`),
 * given the SQL of the order's status before.
 */
export function canceledKeys(c: Pick<OpenOrdersCancel, 'reason'>, now: string, status: string): [key: string, value: string][] {
  return [
    ['status', canceledStatus(status)],
    ['cancelReason', `CAST(${sqlText(c.reason)} AS TEXT)`],
    ['canceledAt', now],
    ['updatedAt', now],
  ];
}

/** A key `orderToData` always writes that orders stored before it existed lack: it is appended with JSON null. */
export const KEY_ALWAYS_WRITTEN = 'keyLossStop';

interface Member {
  name: string;
  /** SQL giving the member's JSON text. */
  value: string;
  /** Left out when the value is NULL (a key absent from the stored order: JSON.stringify leaves undefined out). */
  optional?: boolean;
}

/**
 * A JSON object's text as SQL, members in order: one concat() (a chain of || copies the text so far at every step),
 * which skips an absent member (NULL) whole. When the first member may be absent, every member leads with a comma
 * and the first comma is dropped.
 */
function object(members: Member[]): string {
  const member = (m: Member, lead: string) => {
    const key = sqlText(`${lead}${JSON.stringify(m.name)}:`);
    return m.optional ? [`${key} || ${m.value}`] : [key, m.value];
  };
  const [first, ...rest] = members;
  if (first && !first.optional) return `concat(${[...member(first, '{'), ...rest.flatMap((m) => member(m, ','))].join(', ')}, '}')`;
  return `concat('{', substr(concat(${members.flatMap((m) => member(m, ',')).join(', ')}), 2), '}')`;
}

/** The `order.canceled` event's JSON (eventView of cancelOrder's event) as SQL over the stored order `d`. */
export function canceledEventJson(j: JsonDialect, c: Pick<OpenOrdersCancel, 'reason'>): string {
  const plain = (name: string, key: string): Member => ({ name, value: j.at(key), optional: true });
  // Decimals (s(d(x)) of the text orderToData wrote with fmt, so the same text) and exit order ids: null when absent.
  const orNull = (name: string, key: string): Member => ({ name, value: `COALESCE(${j.at(key)}, 'null')` });
  const json = (name: string, value: string): Member => ({ name, value });
  // exitsList: placed once the fill kept the exit orders' ids (the order is canceled now, never filled).
  const exitStatus = `CASE WHEN ${j.isObject('exitOrderIds')} THEN '"placed"' ELSE '"pending"' END`;
  const nulls = (...names: string[]) => names.map((n) => json(n, "'null'"));
  const exit = (key: string, kind: string, members: Member[]) =>
    `CASE WHEN ${j.isObject(`exits.${key}`)} THEN ${object([json('kind', sqlJson(kind)), ...members, json('status', exitStatus)])} END`;
  const exits = [
    exit('takeProfit', 'take_profit', [
      json('price', j.at('exits.takeProfit.price')),
      orNull('limit_price', 'exits.takeProfit.limitPrice'),
      ...nulls('trailing_distance', 'trigger_price', 'offset_ticks'),
      orNull('order_id', 'exitOrderIds.takeProfit'),
    ]),
    exit('stopLoss', 'stop_loss', [
      json('price', j.at('exits.stopLoss.price')),
      ...nulls('limit_price'),
      orNull('trailing_distance', 'exits.stopLoss.trailingDistance'),
      ...nulls('trigger_price', 'offset_ticks'),
      orNull('order_id', 'exitOrderIds.stopLoss'),
    ]),
    exit('breakEven', 'break_even', [
      ...nulls('price', 'limit_price', 'trailing_distance'),
      json('trigger_price', j.at('exits.breakEven.triggerPrice')),
      plain('offset_ticks', 'exits.breakEven.offsetTicks'),
      ...nulls('order_id'),
    ]),
  ];
  const reject = `CASE WHEN ${j.isObject('reject')} THEN ${object([
    plain('code', 'reject.code'),
    json('message', `COALESCE(NULLIF(${j.at('reject.message')}, 'null'), ${sqlJson(REJECT_MESSAGE)})`),
  ])} ELSE 'null' END`;
  const status = `CASE ${j.at('status')} ${OPEN_STATUSES.map((st) => `WHEN ${sqlJson(st)} THEN ${sqlJson(transition(st, 'cancel'))}`).join(' ')} END`;
  const view = object([
    json('id', j.at('id')),
    plain('client_order_id', 'clientOrderId'),
    plain('account_id', 'accountId'),
    plain('market', 'market'),
    plain('side', 'side'),
    plain('type', 'type'),
    json('status', status),
    orNull('size', 'size'),
    orNull('filled_size', 'filledSize'),
    orNull('limit_price', 'limitPrice'),
    orNull('stop_price', 'stopPrice'),
    orNull('worst_price', 'worstPrice'),
    orNull('average_fill_price', 'averageFillPrice'),
    orNull('fee', 'fee'),
    plain('reduce_only', 'reduceOnly'),
    plain('post_only', 'postOnly'),
    plain('time_in_force', 'tif'),
    plain('expires_at', 'expiresAt'),
    plain('origin', 'origin'),
    plain('exit_of_position', 'exitKind'),
    json('exits', `CASE WHEN ${j.isObject('exits')} THEN concat('[', concat_ws(',', ${exits.join(', ')}), ']') ELSE '[]' END`),
    json('cancel_reason', sqlJson(c.reason)),
    json('reject', reject),
    plain('created_at', 'createdAt'),
    plain('filled_at', 'filledAt'),
    json('canceled_at', j.now),
    json('updated_at', j.now),
  ]);
  // No ELSE: an origin the engine does not know gives NULL, which the NOT NULL data column refuses.
  const source = `CASE ${j.at('origin')} ${ORIGINS.map((o) => `WHEN ${sqlJson(o)} THEN ${sqlJson(sourceOf(o))}`).join(' ')} END`;
  return object([
    json('id', `concat('"', ${j.eventId}, '"')`),
    json('type', sqlJson('order.canceled')),
    json('account_id', j.at('accountId')),
    json('created_at', j.now),
    json('source', source),
    json('data', view),
  ]);
}
