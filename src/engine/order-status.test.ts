import { describe, expect, it } from 'vitest';
import { isFinal, isOpen, nextStatus, OPEN_STATUSES, transition, type OrderEvent, type OrderStatus } from './order-status.js';

const STATUSES: OrderStatus[] = ['pending', 'working', 'filled', 'canceled', 'rejected', 'expired', 'unconfirmed'];
const EVENTS: OrderEvent[] = ['accept', 'fill', 'cancel', 'reject', 'expire', 'lose_answer', 'confirm'];

describe('order status table', () => {
  it('moves a working order to each end', () => {
    expect(transition('working', 'fill')).toBe('filled');
    expect(transition('working', 'cancel')).toBe('canceled');
    expect(transition('working', 'expire')).toBe('expired');
    expect(transition('working', 'reject')).toBe('rejected');
  });

  it('settles an unconfirmed order to one of the other statuses', () => {
    for (const e of ['confirm', 'fill', 'reject', 'expire', 'cancel'] as const) expect(nextStatus('unconfirmed', e)).not.toBe('unconfirmed');
  });

  it('never leaves an end status', () => {
    for (const s of STATUSES.filter(isFinal)) {
      for (const e of EVENTS) expect(() => transition(s, e)).toThrow();
    }
    expect(STATUSES.filter(isFinal).sort()).toEqual(['canceled', 'expired', 'filled', 'rejected']);
  });
});

describe('open statuses', () => {
  it('are exactly the statuses that are not final', () => {
    expect([...OPEN_STATUSES].sort()).toEqual(STATUSES.filter((s) => !isFinal(s)).sort());
    for (const s of STATUSES) expect(isOpen(s)).toBe(!isFinal(s));
  });
});
