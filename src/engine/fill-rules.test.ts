import { describe, expect, it } from 'vitest';
import { dec, fmt } from './decimal.js';
import { judge } from './fill-rules.js';
import type { OrderType, Side } from './types.js';

const TICK = dec('0.5');
const q = (bid: string, ask: string, last: string) => ({ bid: dec(bid), ask: dec(ask), last: dec(last), time: 0 });

interface Row {
  rule: string;
  side: Side;
  type: OrderType;
  limit?: string;
  stop?: string;
  triggered?: boolean;
  quote: [string, string, string];
  fills: string | null;
  latch?: boolean;
}

// Quote in, order in, fill price out (SPEC "Fill rules of the engine", CONTRACT §6).
const TABLE: Row[] = [
  { rule: 'limit buy fills at the limit once last trades strictly below it', side: 'buy', type: 'limit', limit: '100', quote: ['99', '99.5', '99.5'], fills: '100' },
  { rule: 'limit buy does not fill with last at the limit', side: 'buy', type: 'limit', limit: '100', quote: ['99.5', '100.5', '100'], fills: null },
  { rule: 'limit sell fills at the limit once last trades strictly above it', side: 'sell', type: 'limit', limit: '100', quote: ['100', '101', '100.5'], fills: '100' },
  { rule: 'limit sell does not fill with last at the limit', side: 'sell', type: 'limit', limit: '100', quote: ['99.5', '100.5', '100'], fills: null },
  { rule: 'stop_market buy fills at ask + tick once last reaches the stop', side: 'buy', type: 'stop_market', stop: '105', quote: ['104.5', '105.5', '105'], fills: '106' },
  { rule: 'stop_market buy waits below the stop', side: 'buy', type: 'stop_market', stop: '105', quote: ['104', '104.5', '104.5'], fills: null },
  { rule: 'stop_market sell fills at bid − tick once last reaches the stop', side: 'sell', type: 'stop_market', stop: '95', quote: ['94.5', '95.5', '95'], fills: '94' },
  { rule: 'stop_market sell waits above the stop', side: 'sell', type: 'stop_market', stop: '95', quote: ['95', '96', '95.5'], fills: null },
  { rule: 'stop_limit buy triggers at the stop and fills at last when strictly better than the limit', side: 'buy', type: 'stop_limit', stop: '105', limit: '106', quote: ['104.5', '105.5', '105'], fills: '105', latch: true },
  { rule: 'stop_limit buy triggered but last not below the limit: latches, no fill', side: 'buy', type: 'stop_limit', stop: '105', limit: '106', quote: ['106', '107', '106.5'], fills: null, latch: true },
  { rule: 'stop_limit buy already triggered fills when last comes back under the limit', side: 'buy', type: 'stop_limit', stop: '105', limit: '106', triggered: true, quote: ['103', '104', '103.5'], fills: '103.5', latch: false },
  { rule: 'stop_limit sell triggers at the stop and fills at last above the limit', side: 'sell', type: 'stop_limit', stop: '95', limit: '94', quote: ['94.5', '95.5', '95'], fills: '95', latch: true },
  { rule: 'take_market sell (closing a long) fills at bid − tick once last reaches the price', side: 'sell', type: 'take_market', stop: '110', quote: ['110', '111', '110.5'], fills: '109.5' },
  { rule: 'take_market buy (closing a short) fills at ask + tick once last reaches the price', side: 'buy', type: 'take_market', stop: '90', quote: ['89', '90', '89.5'], fills: '90.5' },
  { rule: 'take_market sell waits below its price', side: 'sell', type: 'take_market', stop: '110', quote: ['109', '110', '109.5'], fills: null },
  { rule: 'take_limit sell fills at last once last is above the limit', side: 'sell', type: 'take_limit', stop: '110', limit: '110', quote: ['110', '111', '110.5'], fills: '110.5', latch: true },
];

describe('fill rules', () => {
  it.each(TABLE)('$rule', (row) => {
    const out = judge(
      {
        side: row.side,
        type: row.type,
        limitPrice: row.limit ? dec(row.limit) : null,
        stopPrice: row.stop ? dec(row.stop) : null,
        triggered: row.triggered ?? false,
      },
      q(...row.quote),
      TICK,
    );
    expect(out.price === null ? null : fmt(out.price)).toBe(row.fills);
    if (row.latch !== undefined) expect(out.latch).toBe(row.latch);
  });
});
