import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openingSize, orderValuePrice, type Book } from '../book.js';
import { add, dec, fmt, fromInt, fromProducts, mul, sub, type Dec } from '../decimal.js';
import { marketSpec, type MarketConfigLike } from '../market-spec.js';
import { testEngine } from '../test-engine.js';
import { orderFromWire } from '../../engine-host/wire.js';
import type { OrderWire } from '../../engine-host/port.js';
import type { Engine } from '../engine.js';
import type { MarketSpec } from '../types.js';
import { exposure } from './2-pretrade-risk.js';

const configs = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../config/markets.json'), 'utf8')) as MarketConfigLike[];
const BTC = marketSpec(configs[0]!);
const ETH = marketSpec(configs[1]!);
const MARKETS = [BTC, ETH];

/** The reference: every account of the customer visited, every order and position valued one by one. */
function exposureByScan(engine: Engine, book: Book, m: MarketSpec): Dec {
  const q = engine.o.quote(m.id);
  let raw = 0n;
  for (const b of engine.accounts.ofCustomer(book.customerId)) {
    if (b.product !== book.product) continue;
    const p = b.positions.get(m.id);
    if (p) raw += p.size * (q ? q.last : p.entryPrice);
    for (const o of b.orders.values()) {
      if (o.market !== m.id) continue;
      const size = openingSize(o, p);
      if (size > 0n) raw += size * orderValuePrice(o, q);
    }
  }
  return fromProducts(raw);
}

/** Accounts of customer c (two of product p, one of product q) and one of another customer, all on product p's rules. */
const ACCOUNTS = [
  { id: 'A1', customerId: 'c', product: 'p' },
  { id: 'A2', customerId: 'c', product: 'p' },
  { id: 'A3', customerId: 'c', product: 'q' },
  { id: 'B1', customerId: 'd', product: 'p' },
];

function newBook(a: (typeof ACCOUNTS)[number]): Book {
  return { ...a, status: 'active', balance: dec('50000'), orders: new Map(), positions: new Map(), margin: new Map(), weekendAllowed: true };
}

const op = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('tick' as const), market: fc.nat(1), move: fc.integer({ min: -600, max: 600 }) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      account: fc.nat(ACCOUNTS.length - 1),
      market: fc.nat(1),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      type: fc.constantFrom('market' as const, 'limit' as const, 'stop_market' as const),
      offset: fc.integer({ min: 1, max: 300 }),
      size: fc.integer({ min: 1, max: 400 }),
      reduceOnly: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel_all' as const), account: fc.nat(ACCOUNTS.length - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('leverage' as const), account: fc.nat(ACCOUNTS.length - 1), market: fc.nat(1), leverage: fc.integer({ min: 1, max: 50 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('no_quote' as const), market: fc.nat(1) }) },
);

describe("a customer's tally (exposure and the customer's working-order count without visiting its accounts)", () => {
  it('equals a visit of every account after every order, fill, cancel, liquidation and quote', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 5, maxLength: 70 }), (ops) => {
        const { engine, quotes } = testEngine(MARKETS);
        for (const a of ACCOUNTS) engine.addBook(newBook(a));
        const last = new Map([
          [BTC.id, dec('60000')],
          [ETH.id, dec('3000')],
        ]);
        const setQuote = (m: MarketSpec) => {
          const l = last.get(m.id)!;
          quotes.set(m.id, { bid: sub(l, m.tick), ask: add(l, m.tick), last: l, time: now });
        };
        let now = 1000;
        for (const m of MARKETS) setQuote(m);
        for (const x of ops) {
          now += 1000;
          if (x.kind === 'tick') {
            const m = MARKETS[x.market]!;
            const next = add(last.get(m.id)!, mul(m.tick, fromInt(x.move * 10)));
            if (next <= mul(m.tick, fromInt(1000))) continue;
            last.set(m.id, next);
            setQuote(m);
            engine.onQuote(m.id, quotes.get(m.id)!);
          } else if (x.kind === 'no_quote') {
            // Without a quote positions are valued at their entries (and market orders at zero).
            quotes.delete(MARKETS[x.market]!.id);
          } else if (x.kind === 'cancel_all') {
            engine.cancelAll(ACCOUNTS[x.account]!.id, null, null, 'cancel_all', now);
          } else if (x.kind === 'leverage') {
            engine.setMargin(ACCOUNTS[x.account]!.id, MARKETS[x.market]!.id, x.leverage, undefined);
          } else {
            const m = MARKETS[x.market]!;
            if (!quotes.has(m.id)) setQuote(m);
            const l = last.get(m.id)!;
            const off = mul(m.tick, fromInt(x.offset));
            const body: OrderWire = { market: m.id, side: x.side, type: x.type, size: fmt(mul(m.sizeStep, fromInt(x.size))), reduce_only: x.reduceOnly };
            if (x.type === 'limit') body.limit_price = fmt(x.side === 'buy' ? sub(l, off) : add(l, off));
            if (x.type === 'stop_market') body.stop_price = fmt(x.side === 'buy' ? add(l, off) : sub(l, off));
            engine.place({ accountId: ACCOUNTS[x.account]!.id, order: orderFromWire(body), exits: null, actor: { keyId: null, fences: null, origin: 'api' }, now });
          }
          engine.take();
          for (const a of ACCOUNTS) {
            const book = engine.books.get(a.id)!;
            for (const m of MARKETS) expect(exposure(engine, book, m)).toBe(exposureByScan(engine, book, m));
          }
          for (const customer of ['c', 'd']) {
            const books = [...engine.accounts.ofCustomer(customer)];
            const tally = engine.accounts.tallyOf(customer);
            expect(tally.orders).toBe(books.reduce((n, b) => n + b.orders.size, 0));
            expect([...tally.booksWithOrders()].map((b) => b.id).sort()).toEqual(books.filter((b) => b.orders.size > 0).map((b) => b.id).sort());
          }
        }
      }),
      { numRuns: 120 },
    );
  });

  it('counts a book added again (as a partition loads: once bare, once with its positions and orders) once', () => {
    const { engine, quotes } = testEngine(MARKETS);
    quotes.set(BTC.id, { bid: dec('59999'), ask: dec('60001'), last: dec('60000'), time: 1 });
    const book = newBook(ACCOUNTS[0]!);
    engine.addBook(book);
    book.positions.set(BTC.id, {
      accountId: book.id, market: BTC.id, side: 'long', size: dec('2'), entryPrice: dec('50000'), realizedPnl: dec('0'), leverage: 10, marginMode: 'cross',
      margin: dec('10000'), takeProfitId: null, stopLossId: null, breakEven: null, liquidating: false, openedAt: 1, updatedAt: 1,
    });
    engine.addBook(book);
    const r = engine.place({ accountId: book.id, order: orderFromWire({ market: BTC.id, side: 'buy', type: 'limit', size: '1', limit_price: '55000' }), exits: null, actor: { keyId: null, fences: null, origin: 'api' }, now: 2 });
    expect(r.ok).toBe(true);
    engine.addBook(book);
    // 2 × 60,000 held and 1 × 55,000 working, each once.
    expect(fmt(exposure(engine, book, BTC))).toBe('175000');
    expect(engine.accounts.tallyOf('c').orders).toBe(1);
    expect(exposureByScan(engine, book, BTC)).toBe(exposure(engine, book, BTC));
  });
});
