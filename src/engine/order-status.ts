/**
 * The order state machine as one explicit table: (status, event) → status. Anything not in the table is a bug
 * the engine refuses to do (transition throws), so an order can never, say, fill twice or revive after cancel.
 */
export type OrderStatus = 'pending' | 'working' | 'filled' | 'canceled' | 'rejected' | 'expired' | 'unconfirmed';
export type OrderEvent = 'accept' | 'fill' | 'cancel' | 'reject' | 'expire' | 'lose_answer' | 'confirm';

const TABLE: Readonly<Record<OrderStatus, Partial<Record<OrderEvent, OrderStatus>>>> = {
  pending: { accept: 'working', fill: 'filled', reject: 'rejected', expire: 'expired', cancel: 'canceled', lose_answer: 'unconfirmed' },
  unconfirmed: { confirm: 'working', fill: 'filled', reject: 'rejected', expire: 'expired', cancel: 'canceled' },
  working: { fill: 'filled', cancel: 'canceled', reject: 'rejected', expire: 'expired' },
  filled: {},
  canceled: {},
  rejected: {},
  expired: {},
};

export function nextStatus(status: OrderStatus, event: OrderEvent): OrderStatus | undefined {
  return TABLE[status][event];
}

export function transition(status: OrderStatus, event: OrderEvent): OrderStatus {
  const next = nextStatus(status, event);
  if (next === undefined) throw new Error(`order cannot ${event} from ${status}`);
  return next;
}

export const isFinal = (s: OrderStatus): boolean => Object.keys(TABLE[s]).length === 0;
/**
 * The statuses of an order that is not finished: accepted and waiting (working), or not yet answered by the engine
 * (pending, unconfirmed). The one list: `status=open` filters, the restart transition and the store's open-order
 * reads all use it.
 */
export const OPEN_STATUSES: readonly OrderStatus[] = Object.freeze(['pending', 'working', 'unconfirmed']);

export const isOpen = (s: OrderStatus): boolean => OPEN_STATUSES.includes(s);
