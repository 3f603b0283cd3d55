import { describe, expect, it } from 'vitest';
import { dec, fmt } from './decimal.js';
import { net } from './netting.js';

const held = (side: 'long' | 'short', size: string, entry: string) => ({ side, size: dec(size), entryPrice: dec(entry) });

describe('netting one market', () => {
  it.each([
    ['opens', null, 'buy', '1', '100', 'opened', 'long 1 @ 100', '0'],
    ['adds at the average entry', held('long', '1', '100'), 'buy', '1', '110', 'added', 'long 2 @ 105', '0'],
    ['reduces and realizes', held('long', '2', '100'), 'sell', '0.5', '110', 'reduced', 'long 1.5 @ 100', '5'],
    ['closes', held('short', '1', '100'), 'buy', '1', '90', 'closed', 'flat', '10'],
    ['flips at the fill price', held('short', '1', '100'), 'buy', '3', '120', 'flipped', 'long 2 @ 120', '-20'],
    ['rounds realized P&L half-even to 8 places', held('long', '0.001', '100.000000001'), 'sell', '0.001', '100', 'closed', 'flat', '0'],
  ] as const)('%s', (_n, before, side, size, price, kind, after, realized) => {
    const r = net(before, side, dec(size), dec(price));
    expect(r.kind).toBe(kind);
    expect(r.after ? `${r.after.side} ${fmt(r.after.size)} @ ${fmt(r.after.entryPrice)}` : 'flat').toBe(after);
    expect(fmt(r.realized)).toBe(realized);
  });
});
