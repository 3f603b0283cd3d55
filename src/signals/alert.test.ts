import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AlertError, readAlert } from './alert.js';
import { marketOf } from './tickers.js';

const MARKETS = ['BTC-USD', 'ETH-USD', 'SOL-USD'];

describe('readAlert', () => {
  it('reads TradingView JSON with unquoted numbers as the decimals written', () => {
    const a = readAlert('{"ticker":"BTCUSDT.P","action":"buy","sentiment":"long","quantity":0.10,"price":60000.5,"take_profit":{"percent":2},"stop_loss":"$300","trailing_stop":"0.5%","id":"x-1"}');
    expect(a).toMatchObject({
      action: 'buy',
      ticker: 'BTCUSDT.P',
      sentiment: 'long',
      quantity: '0.10',
      price: '60000.5',
      take_profit: { percent: '2' },
      stop_loss: { amount: '300' },
      trailing_stop: { percent: '0.5' },
      id: 'x-1',
    });
  });

  it('keeps strings that look like numbers and numbers inside strings as they are', () => {
    expect(readAlert('{"ticker":"BTCUSD","action":"sell","quantity":"1","id":"12-34 5"}')).toMatchObject({ quantity: '1', id: '12-34 5' });
    expect(readAlert('{"ticker":"BTCUSD","action":"sell","quantity":"1","comment":"a \\"quoted\\" 7"}').quantity).toBe('1');
  });

  it('reads the text forms', () => {
    expect(readAlert('sell ETH-USD qty=2 price=3100 type=limit sl=3200 tp=5% id=t')).toMatchObject({
      action: 'sell',
      ticker: 'ETH-USD',
      quantity: '2',
      price: '3100',
      order_type: 'limit',
      stop_loss: { price: '3200' },
      take_profit: { percent: '5' },
      id: 't',
    });
    expect(readAlert('order buy @ 3 filled on SOLUSDT. New strategy position is 3')).toMatchObject({ action: 'buy', quantity: '3', ticker: 'SOLUSDT', sentiment: 'long' });
    expect(readAlert('order sell @ 3 filled on SOLUSDT.P. New strategy position is -3')).toMatchObject({ action: 'sell', ticker: 'SOLUSDT.P', sentiment: 'short' });
    expect(readAlert('order sell @ 3 filled on SOLUSDT. New strategy position is 0')).toMatchObject({ sentiment: 'flat' });
    expect(readAlert('cancel')).toMatchObject({ action: 'cancel', ticker: null });
    expect(readAlert('close BTCUSD')).toMatchObject({ action: 'exit' });
  });

  it.each([
    ['{"action":"buy","quantity":1}', 'ticker', 'missing'],
    ['{"ticker":"BTCUSD","action":"buy","quantity":1,"risk_percent":1,"stop_loss":1}', 'risk_percent', 'conflict'],
    ['{"ticker":"BTCUSD","action":"buy","risk_percent":101,"stop_loss":1}', 'risk_percent', 'too_large'],
    ['{"ticker":"BTCUSD","action":"buy","quantity":0}', 'quantity', 'not_a_positive_decimal'],
    ['{"ticker":"BTCUSD","action":"buy","quantity":true}', 'quantity', 'not_a_string'],
    ['{"ticker":"BTCUSD","action":"buy","quantity":1,"take_profit":{"price":1,"percent":2}}', 'take_profit', 'invalid'],
    ['{"ticker":"BTCUSD","action":"buy","quantity":1,"order_type":"limit"}', 'price', 'missing'],
    ['{"ticker":"BTCUSD","action":"buy","quantity":1,"quantity":2}', 'quantity', 'duplicate'],
    ['{"ticker":"BTCUSD","action":"buy","quantity":1,"x":{"y":{"z":{"w":{}}}}}', 'body', 'too_deep'],
    ['["buy"]', 'action', 'invalid'],
    ['{"ticker":"BTCUSD","action":"buy","quantity":1,"__proto__":{}}', 'body', 'invalid_json'],
    ['buy BTCUSD ETHUSD qty=1', 'ETHUSD', 'unknown'],
  ])('refuses %s (%s %s)', (body, field, reason) => {
    let err: unknown;
    try {
      readAlert(body);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AlertError);
    expect((err as AlertError).field).toBe(field);
    expect((err as AlertError).reason).toBe(reason);
  });

  it('reads any positive decimal quantity written as a JSON number exactly as written', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }), (units, places) => {
        const s = units.toString().padStart(places + 1, '0');
        const text = places === 0 ? s : `${s.slice(0, -places)}.${s.slice(-places)}`;
        const written = text.replace(/^0+(?=\d)/, '');
        expect(readAlert(`{"ticker":"BTCUSD","action":"buy","quantity":${written}}`).quantity).toBe(written);
      }),
    );
  });
});

describe('marketOf', () => {
  it.each([
    ['BTC-USD', 'BTC-USD'],
    ['btcusd', 'BTC-USD'],
    ['BTCUSDT', 'BTC-USD'],
    ['BINANCE:BTCUSDT.P', 'BTC-USD'],
    ['BYBIT:ETHUSDT.P', 'ETH-USD'],
    ['ETH/USDC', 'ETH-USD'],
    ['SOLUSDTPERP', 'SOL-USD'],
    ['SOL-USDT-SWAP', 'SOL-USD'],
    ['DOGEUSDT', undefined],
    ['USDT', undefined],
  ])('%s → %s', (ticker, market) => {
    expect(marketOf(ticker, MARKETS)).toBe(market);
  });
});
