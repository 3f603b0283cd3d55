import { describe, expect, it } from 'vitest';
import { dec } from './decimal.js';
import { exitRefusal, mergeExits } from './exits.js';
import type { ExitSpec } from './state.js';
import type { MarketSpec } from './types.js';

const m = { id: 'BTC-USD', tick: dec('0.5') } as MarketSpec;
const tp = (p: string) => ({ price: dec(p), limitPrice: null });
const sl = (p: string) => ({ price: dec(p), trailingDistance: null });
const spec = (e: Partial<ExitSpec>): ExitSpec => ({ takeProfit: null, stopLoss: null, breakEven: null, ...e });

describe('mergeExits', () => {
  const current = spec({ takeProfit: tp('61000'), stopLoss: sl('59000') });

  it('replaces the parts given, keeps the parts left out, removes with null', () => {
    expect(mergeExits(current, { takeProfit: tp('62000') })).toEqual(spec({ takeProfit: tp('62000'), stopLoss: sl('59000') }));
    expect(mergeExits(current, { stopLoss: null })).toEqual(spec({ takeProfit: tp('61000') }));
    expect(mergeExits(null, { breakEven: { triggerPrice: dec('60500'), offsetTicks: 1 } })).toEqual(spec({ breakEven: { triggerPrice: dec('60500'), offsetTicks: 1 } }));
  });

  it('answers null when nothing is left, or when the patch removes everything', () => {
    expect(mergeExits(current, { takeProfit: null, stopLoss: null })).toBeNull();
    expect(mergeExits(current, null)).toBeNull();
  });
});

describe('exitRefusal', () => {
  const long = { long: true, entry: dec('60000'), last: dec('61000') };

  it('take profit on the profit side of the entry, stop loss on the loss side of entry and last', () => {
    expect(exitRefusal(spec({ takeProfit: tp('60500'), stopLoss: sl('59500') }), long, m)).toBeNull();
    expect(exitRefusal(spec({ takeProfit: tp('60000') }), long, m)).toMatchObject({ code: 'invalid_request', details: { field: 'take_profit.price' } });
    expect(exitRefusal(spec({ stopLoss: sl('60500') }), long, m)).toMatchObject({ code: 'invalid_request', details: { field: 'stop_loss.price', last: '61000' } });
    const short = { long: false, entry: dec('60000'), last: dec('59000') };
    expect(exitRefusal(spec({ takeProfit: tp('59500'), stopLoss: sl('60500') }), short, m)).toBeNull();
    expect(exitRefusal(spec({ stopLoss: sl('59500') }), short, m)).toMatchObject({ details: { field: 'stop_loss.price', entry_price: '60000' } });
  });

  it('judges a resting order on its entry alone, and every price on the tick', () => {
    expect(exitRefusal(spec({ stopLoss: sl('59999.5') }), { long: true, entry: dec('60000'), last: null }, m)).toBeNull();
    expect(exitRefusal(spec({ stopLoss: sl('59999.25') }), { long: true, entry: dec('60000'), last: null }, m)).toMatchObject({
      code: 'invalid_price_tick',
      details: { field: 'stop_loss.price', nearest: ['59999', '59999.5'] },
    });
  });
});
