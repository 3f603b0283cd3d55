import { orderFromWire } from '../engine-host/wire.js';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { add, dec, fmt, fromInt, max, min, mul, sub, type Dec } from './decimal.js';
import { testEngine } from './test-engine.js';
import { marketSpec, type MarketConfigLike } from './market-spec.js';

const configs = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../config/markets.json'), 'utf8')) as MarketConfigLike[];
const BTC = marketSpec(configs[0]!);

/**
 * Trailing stops are indexed by the last at which they would next move (a tick visits only the stops it moves):
 * after every tick, every trailing stop still working must show the stop price a visit of every stop on every tick
 * gives — the best last since the stop was placed ∓ the distance whenever that is tighter — and an anchor no
 * better than that best last; the stops that left did so by firing at a price they allow.
 */
describe('trailing stops indexed by the last that moves them', () => {
  it('move exactly as if every trailing stop were visited on every tick', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            long: fc.boolean(),
            distance: fc.integer({ min: 1, max: 60 }),
            away: fc.integer({ min: 1, max: 80 }),
            // Break-even: once last has gone `at` the right way, the stop goes to entry ± offset ticks if tighter.
            breakEven: fc.option(fc.record({ at: fc.integer({ min: 1, max: 80 }), offset: fc.integer({ min: 0, max: 400 }) }), { nil: null }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.array(fc.oneof(fc.record({ move: fc.integer({ min: -40, max: 40 }) }), fc.record({ open: fc.nat(7) })), { minLength: 5, maxLength: 120 }),
        (stops, path) => {
          const { engine, quotes } = testEngine([BTC]);
          let last = dec('60000');
          let now = 1000;
          const tick = () => {
            const q = { bid: sub(last, BTC.tick), ask: add(last, BTC.tick), last, time: (now += 1000) };
            quotes.set(BTC.id, q);
            engine.onQuote(BTC.id, q);
            return engine.take();
          };
          tick();
          // The model: per stop order, its anchor and stop as a visit on every tick would have them.
          const model = new Map<string, { account: string; long: boolean; distance: Dec; anchor: Dec; stop: Dec; breakEven: { trigger: Dec; target: Dec } | null }>();
          let opened = 0;
          const open = (k: number) => {
            const s = stops[k % stops.length]!;
            const account = `A${opened++}`;
            engine.addBook({ id: account, customerId: 'c', product: 'p', status: 'active', balance: dec('1000000'), orders: new Map(), positions: new Map(), margin: new Map(), weekendAllowed: true });
            const distance = mul(BTC.tick, fromInt(s.distance * 10));
            const stop = s.long ? sub(last, mul(BTC.tick, fromInt(s.away * 10))) : add(last, mul(BTC.tick, fromInt(s.away * 10)));
            const trigger = s.breakEven ? (s.long ? add(last, mul(BTC.tick, fromInt(s.breakEven.at * 10))) : sub(last, mul(BTC.tick, fromInt(s.breakEven.at * 10)))) : null;
            const r = engine.place({
              accountId: account,
              order: orderFromWire({ market: BTC.id, side: s.long ? 'buy' : 'sell', type: 'market', size: '0.01' }),
              exits: { takeProfit: null, stopLoss: { price: stop, trailingDistance: distance }, breakEven: s.breakEven && trigger ? { triggerPrice: trigger, offsetTicks: s.breakEven.offset } : null },
              actor: { keyId: null, fences: null, origin: 'api' },
              now,
            });
            expect(r.ok).toBe(true);
            engine.take();
            const p = engine.books.get(account)!.positions.get(BTC.id)!;
            const o = engine.order(p.stopLossId!)!;
            // A buy fills at the ask, a sell at the bid; the break-even stop is entry ± offset ticks.
            const offset = mul(BTC.tick, fromInt(s.breakEven?.offset ?? 0));
            const target = s.long ? add(p.entryPrice, offset) : sub(p.entryPrice, offset);
            model.set(o.id, { account, long: s.long, distance, anchor: o.trailingAnchor!, stop: o.stopPrice!, breakEven: trigger ? { trigger, target } : null });
          };
          open(0);
          for (const step of path) {
            if ('open' in step) {
              if (opened < 40) open(step.open);
              continue;
            }
            const next = add(last, mul(BTC.tick, fromInt(step.move * 10)));
            if (next <= mul(BTC.tick, fromInt(1000))) continue;
            last = next;
            const fx = tick();
            const filled = new Map(fx.fills.map((f) => [f.orderId, f]));
            for (const [id, m] of model) {
              // The stop follows the anchor when the anchor moves, and only tightens.
              const anchor = m.long ? max(m.anchor, last) : min(m.anchor, last);
              if (anchor !== m.anchor) {
                m.anchor = anchor;
                const candidate = m.long ? sub(anchor, m.distance) : add(anchor, m.distance);
                if (m.long ? candidate > m.stop : candidate < m.stop) m.stop = candidate;
              }
              // Then break-even, once, when last reaches its trigger.
              if (m.breakEven && (m.long ? last >= m.breakEven.trigger : last <= m.breakEven.trigger)) {
                if (m.long ? m.breakEven.target > m.stop : m.breakEven.target < m.stop) m.stop = m.breakEven.target;
                m.breakEven = null;
              }
              const o = engine.order(id);
              if (o && o.status === 'working') {
                expect(fmt(o.stopPrice!)).toBe(fmt(m.stop));
                // The anchor is the last the stop was last moved from: never beyond the best last.
                expect(m.long ? o.trailingAnchor! <= m.anchor : o.trailingAnchor! >= m.anchor).toBe(true);
              } else {
                // Gone: it fired on this tick, at a last its (moved) stop allows.
                expect(filled.has(id)).toBe(true);
                expect(m.long ? last <= m.stop : last >= m.stop).toBe(true);
                model.delete(id);
              }
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
