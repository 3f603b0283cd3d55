import { describe, expect, it } from 'vitest';
import { dec, ZERO } from '../engine/decimal.js';
import { readAlert } from './alert.js';
import { planFor, type PlanInput } from './plan.js';

const base = (alert: string, over: Partial<PlanInput> = {}): PlanInput => ({
  alert: readAlert(alert),
  market: 'BTC-USD',
  sizeStep: dec('0.001'),
  tickSize: dec('0.5'),
  multiplier: dec('1'),
  position: ZERO,
  quote: { bid: dec('60000'), ask: dec('60001') },
  balance: dec('100000'),
  clientOrderId: 'alrt_x.0',
  ...over,
});

describe('planFor', () => {
  it('multiplies the size and rounds it down to the step', () => {
    expect(planFor(base('buy BTCUSD qty=0.0015', { multiplier: dec('3') }))).toMatchObject({ kind: 'order', order: { side: 'buy', type: 'market', size: '0.004' } });
    expect(planFor(base('buy BTCUSD qty=0.0001'))).toMatchObject({ kind: 'refuse', code: 'order_too_small' });
  });

  it('sets exits from the reference price on the tick, never further than asked', () => {
    // Buy at the ask 60001: stop 1% below = 59400.99 → 59401; take profit $600 above = 60601.
    expect(planFor(base('buy BTCUSD qty=1 sl=1% tp=$600'))).toMatchObject({ exits: { stop_loss: { price: '59401' }, take_profit: { price: '60601' } } });
    // Sell at the bid 60000: stop 1% above = 60600, take profit 1.1% below = 59340.
    expect(planFor(base('sell BTCUSD qty=1 sl=1% tp=1.1%'))).toMatchObject({ exits: { stop_loss: { price: '60600' }, take_profit: { price: '59340' } } });
    // A limit price is the reference.
    expect(planFor(base('buy BTCUSD qty=1 price=50000 sl=$1000.3'))).toMatchObject({ order: { type: 'limit', limit_price: '50000' }, exits: { stop_loss: { price: '49000' } } });
    // A trailing stop alone starts that far away.
    expect(planFor(base('buy BTCUSD qty=1 trail=250.7'))).toMatchObject({ exits: { stop_loss: { price: '59750.5', trailing: { distance: '250.5' } } } });
  });

  it('sizes by risk: the stop loses risk_percent of the balance', () => {
    // 1% of 100,000 = 1,000 over a stop 1,001 away (60001 → 59000): 0.999 BTC.
    expect(planFor(base('buy BTCUSD risk=1 sl=59000'))).toMatchObject({ order: { size: '0.999' } });
    expect(planFor(base('buy BTCUSD risk=1 sl=59000', { multiplier: dec('0.5') }))).toMatchObject({ order: { size: '0.499' } });
  });

  it('closes on exit or flat, reduces on a contrary sentiment, and does nothing without a position', () => {
    expect(planFor(base('exit BTCUSD', { position: dec('2') }))).toEqual({ kind: 'close', market: 'BTC-USD' });
    expect(planFor(base('exit BTCUSD qty=0.5', { position: dec('-2'), multiplier: dec('2') }))).toMatchObject({ kind: 'order', order: { side: 'buy', size: '1', reduce_only: true } });
    expect(planFor(base('sell BTCUSD qty=0.5 sentiment=long', { position: dec('2') }))).toMatchObject({ kind: 'order', order: { side: 'sell', size: '0.5', reduce_only: true } });
    expect(planFor(base('sell BTCUSD qty=0.5 sentiment=flat'))).toMatchObject({ kind: 'nothing' });
    expect(planFor(base('cancel'))).toEqual({ kind: 'cancel', market: 'BTC-USD' });
  });

  it('needs a price for relative exits', () => {
    expect(planFor(base('buy BTCUSD qty=1 sl=1%', { quote: null }))).toMatchObject({ kind: 'refuse', code: 'no_price' });
    expect(planFor(base('buy BTCUSD qty=1 sl=59000', { quote: null }))).toMatchObject({ kind: 'order' });
  });
});
