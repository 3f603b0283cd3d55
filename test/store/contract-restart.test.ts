import { expect, it } from 'vitest';
import { dec } from '../../src/engine/decimal.js';
import { cancelOrder } from '../../src/engine/engine.js';
import type { Order } from '../../src/engine/state.js';
import { orderRow } from '../../src/engine-host/effects.js';
import { eventView, orderFromData, orderToData } from '../../src/views/trading-views.js';
import { account, customer, event, storeSuite } from './adapters.js';

const NOW = 1_795_000_000_123;

/** An order as the engine holds it; `o` changes what a case needs. */
function engineOrder(id: string, seq: number, accountId: string, o: Partial<Order> = {}): Order {
  return {
    id,
    seq,
    clientOrderId: null,
    accountId,
    customerId: 'cus_1',
    keyId: 'key_1',
    market: 'BTC-PERP',
    side: 'buy',
    type: 'limit',
    status: 'working',
    size: dec('0.001'),
    filledSize: dec('0'),
    limitPrice: dec('57500.5'),
    stopPrice: null,
    worstPrice: null,
    reduceOnly: false,
    postOnly: false,
    tif: 'gtc',
    expiresAt: null,
    origin: 'api',
    exits: null,
    exitOrderIds: null,
    averageFillPrice: null,
    fee: null,
    exitKind: null,
    trailingDistance: null,
    trailingAnchor: null,
    triggered: false,
    closeReason: null,
    cancelReason: null,
    reject: null,
    createdAt: 1000 + seq,
    filledAt: null,
    canceledAt: null,
    updatedAt: 1000 + seq,
    activeFrom: 1000 + seq,
    keyLossStop: null,
    ...o,
  };
}

/** An order stored before `exitOrderIds` and `keyLossStop` were kept: its JSON lacks both keys. */
function storedBeforeExitIds(o: Order): string {
  const { exitOrderIds: _ids, keyLossStop: _stop, ...rest } = JSON.parse(orderToData(o)) as Record<string, unknown>;
  return JSON.stringify(rest);
}

await storeSuite('the restart transition in the store ($name) is the engine cancel', (store) => {
  it('rewrites every open order of the given accounts and announces it exactly as cancelOrder, orderToData and eventView do', async () => {
    const exits = { takeProfit: { price: dec('63000'), limitPrice: dec('62990.25') }, stopLoss: { price: dec('59000'), trailingDistance: dec('1000.5') }, breakEven: { triggerPrice: dec('60500'), offsetTicks: 2 } };
    // Every open status, origin, order type and exit shape; odd but valid client ids; two stored shapes.
    const cases: { o: Order; data?: string; environment?: 'live' | 'sandbox' }[] = [
      { o: engineOrder('ord_a', 3, 'acc_1', { clientOrderId: 'a.b_c:d-1', origin: 'api' }) },
      { o: engineOrder('ord_b', 1, 'acc_1', { status: 'pending', type: 'stop_market', limitPrice: null, stopPrice: dec('61000'), worstPrice: dec('61500'), origin: 'platform', exits }) },
      {
        o: engineOrder('ord_c', 7, 'acc_2', {
          status: 'unconfirmed',
          side: 'sell',
          origin: 'tradingview',
          reduceOnly: true,
          postOnly: true,
          tif: 'gtd',
          expiresAt: 2_000_000_000_000,
          exits: { takeProfit: { price: dec('50000'), limitPrice: null }, stopLoss: null, breakEven: null },
          exitOrderIds: { takeProfit: 'ord_tp', stopLoss: null },
          filledSize: dec('0.0005'),
          averageFillPrice: dec('60000.123456789'),
          fee: dec('0.015'),
        }),
      },
      {
        o: engineOrder('ord_d', 5, 'acc_2', {
          type: 'stop_market',
          side: 'sell',
          limitPrice: null,
          stopPrice: dec('58000'),
          origin: 'system',
          exitKind: 'stop_loss',
          reduceOnly: true,
          trailingDistance: dec('1000'),
          trailingAnchor: dec('60100.5'),
          keyLossStop: dec('250.75'),
        }),
      },
      { o: engineOrder('ord_e', 9, 'acc_1', { origin: 'strategy', type: 'take_limit', exitKind: 'take_profit', exits }), data: 'before exit ids' },
      { o: engineOrder('ord_f', 2, 'acc_1', { reject: { code: 'insufficient_margin' } as Order['reject'] }) },
      { o: engineOrder('ord_g', 4, 'acc_1', { reject: { code: 'market_closed', message: 'Closed.' } as Order['reject'] }) },
      // Left as stored: finished, another account (not the partition's), the other environment.
      { o: engineOrder('ord_h', 6, 'acc_1', { status: 'filled', filledSize: dec('0.001'), filledAt: 1100 }) },
      { o: engineOrder('ord_i', 8, 'acc_3') },
      { o: engineOrder('ord_j', 10, 'acc_4'), environment: 'sandbox' },
    ];
    const stored = cases.map(({ o, data, environment }) => orderRow(o, environment ?? 'live', data ? storedBeforeExitIds(o) : orderToData(o)));
    await store.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      for (const id of ['acc_1', 'acc_2', 'acc_3']) await tx.insertAccount(account(id, 'cus_1'));
      await tx.insertAccount(account('acc_4', 'cus_1', { environment: 'sandbox' }));
      for (const row of stored) await tx.upsertOrder(row);
      // The customer's events so far (its next are numbered after them), and an endpoint that wants cancels.
      await tx.insertEvents([1, 2, 3].map((seq) => event(seq, 'acc_1')));
      await tx.insertWebhook({ id: 'whk_1', customer_id: 'cus_1', environment: 'live', url: 'https://example.com/h', types: ['order.canceled'], account_id: null, secret: 'sealed', created_at: 9 });
    });
    const lastSeq = 3;

    const counts = await store.transaction((tx) =>
      tx.cancelOpenOrders({ environment: 'live', accounts: ['acc_1', 'acc_2', 'acc_4'], reason: 'system_restart', now: NOW, eventIdPrefix: 'evt_live_' }),
    );

    // What the engine's cancel gives for each open order of the accounts, oldest first.
    const canceled = stored
      .filter((r) => r.environment === 'live' && ['acc_1', 'acc_2'].includes(r.account_id) && r.status !== 'filled')
      .sort((a, b) => a.seq - b.seq)
      .map((r, i) => {
        const o = orderFromData(r.data);
        const e = cancelOrder(o, 'system_restart', NOW);
        const id = `evt_live_1_${String(lastSeq + i + 1).padStart(12, '0')}`;
        return { row: r, o, event: { seq: lastSeq + i + 1, id, data: JSON.stringify(eventView(e, id, () => null)) } };
      });
    expect(canceled.map((c) => c.row.id)).toEqual(['ord_b', 'ord_f', 'ord_a', 'ord_g', 'ord_d', 'ord_c', 'ord_e']);
    expect(Object.fromEntries(counts)).toEqual({ acc_1: 5, acc_2: 2 });
    for (const c of canceled) {
      expect(await store.getOrder(c.row.id)).toEqual({ ...c.row, status: 'canceled', updated_at: NOW, data: orderToData(c.o) });
    }
    for (const r of stored.filter((s) => !canceled.some((c) => c.row.id === s.id))) expect(await store.getOrder(r.id)).toEqual(r);
    const events = await store.listEvents({ environment: 'live', customerId: 'cus_1', afterSeq: lastSeq, limit: 100 });
    expect(events).toEqual(
      canceled.map((c) => ({
        seq: c.event.seq,
        id: c.event.id,
        environment: 'live',
        account_id: c.row.account_id,
        customer_id: 'cus_1',
        type: 'order.canceled',
        created_at: NOW,
        data: c.event.data,
      })),
    );
    // The stored shapes the SQL had to follow: exits pending and placed, a refusal's own and default message, an
    // order stored before the exit ids (its keyLossStop appended as the serializer writes it).
    const views = events.map((e) => (JSON.parse(e.data) as { data: { id: string; exits: { status: string }[]; reject: unknown } }).data);
    expect(views.find((v) => v.id === 'ord_b')!.exits.map((x) => x.status)).toEqual(['pending', 'pending', 'pending']);
    expect(views.find((v) => v.id === 'ord_c')!.exits).toMatchObject([{ kind: 'take_profit', order_id: 'ord_tp', status: 'placed' }]);
    expect(views.find((v) => v.id === 'ord_f')!.reject).toEqual({ code: 'insufficient_margin', message: 'The engine refused the order.' });
    expect(views.find((v) => v.id === 'ord_g')!.reject).toEqual({ code: 'market_closed', message: 'Closed.' });
    expect((await store.getOrder('ord_e'))!.data).toMatch(/"activeFrom":\d+,"keyLossStop":null\}$/);
    // Each cancel's webhook delivery was written with it.
    const deliveries = await store.listDeliveries('whk_1', undefined, 100);
    expect(deliveries.map((d) => d.event_id).sort()).toEqual(canceled.map((c) => c.event.id).sort());
    expect(deliveries.every((d) => d.status === 'pending' && d.event_type === 'order.canceled')).toBe(true);
  });

  it('answers no counts and writes nothing when no account has an open order', async () => {
    await store.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertAccount(account('acc_1', 'cus_1'));
    });
    const counts = await store.transaction(async (tx) =>
      tx.cancelOpenOrders({ environment: 'live', accounts: ['acc_1'], reason: 'system_restart', now: NOW, eventIdPrefix: 'evt_live_' }),
    );
    expect(counts.size).toBe(0);
    expect(await store.listEvents({ accountId: 'acc_1', afterSeq: 0, limit: 10 })).toEqual([]);
  });
});
