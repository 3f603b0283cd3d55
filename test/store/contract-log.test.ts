import { beforeEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError, type DeliveryClaimRequest, type Store, type WebhookRecord } from '../../src/store/port.js';
import { withFaults } from '../../src/store/faults.js';
import { account, customer, delivery, event, storeSuite } from './adapters.js';

/** The storage contract over both adapters: the event log, webhooks and their outbox, transactions. */
/** Two customers, each with an account (one live, one sandbox), before each test. */
const seed = async (store: Store): Promise<void> => {
  await store.transaction(async (tx) => {
    await tx.insertCustomer(customer(1));
    await tx.insertCustomer(customer(2));
    await tx.insertAccount(account('acc_1', 'cus_1'));
    await tx.insertAccount(account('acc_2', 'cus_2', { environment: 'sandbox' }));
  });
};

await storeSuite('store contract (log, webhooks, transactions): $name', (store, opened) => {
  it('events: each customer numbered on its own, in seq order after a cursor, by customer and environment or by account', async () => {
    await store.transaction((tx) =>
      tx.insertEvents([
        event(1, 'acc_1'),
        event(1, 'acc_2', { environment: 'sandbox', customer_id: 'cus_2' }),
        event(2, 'acc_1', { type: 'order.filled' }),
        event(2, 'acc_2', { environment: 'sandbox', customer_id: 'cus_2' }),
        event(3, 'acc_1'),
      ]),
    );
    const mine = { environment: 'live' as const, customerId: 'cus_1' };
    const seqs = async (q: Parameters<Store['listEvents']>[0]) => (await store.listEvents(q)).map((e) => `${e.customer_id}:${e.seq}`);
    expect(await store.listEvents({ ...mine, afterSeq: 0, limit: 10 })).toEqual([event(1, 'acc_1'), event(2, 'acc_1', { type: 'order.filled' }), event(3, 'acc_1')]);
    expect(await seqs({ ...mine, afterSeq: 1, limit: 10 })).toEqual(['cus_1:2', 'cus_1:3']);
    expect(await seqs({ ...mine, afterSeq: 0, limit: 1 })).toEqual(['cus_1:1']);
    expect(await seqs({ ...mine, accountId: 'acc_2', afterSeq: 0, limit: 10 })).toEqual([]);
    expect(await seqs({ environment: 'sandbox', customerId: 'cus_2', afterSeq: 0, limit: 10 })).toEqual(['cus_2:1', 'cus_2:2']);
    expect(await seqs({ environment: 'live', customerId: 'cus_2', afterSeq: 0, limit: 10 })).toEqual([]);
    expect(await seqs({ accountId: 'acc_2', afterSeq: 1, limit: 10 })).toEqual(['cus_2:2']);
    expect(await store.eventAt({ ...mine, seq: 3 })).toEqual(event(3, 'acc_1'));
    expect(await store.eventAt({ environment: 'sandbox', customerId: 'cus_2', seq: 2 })).toEqual(event(2, 'acc_2', { environment: 'sandbox', customer_id: 'cus_2' }));
    expect(await store.eventAt({ ...mine, seq: 9 })).toBeUndefined();
    expect(await store.eventAt({ environment: 'sandbox', customerId: 'cus_1', seq: 3 })).toBeUndefined();
    expect(await store.eventAt({ environment: 'live', customerId: 'cus_2', seq: 1 })).toBeUndefined();
    expect(await store.eventHead(mine)).toBe(3);
    expect(await store.eventHead({ accountId: 'acc_2' })).toBe(2);
    expect(await store.eventHead({ environment: 'sandbox', customerId: 'cus_1' })).toBe(0);
    // Two events at one place of one customer: refused (a partition that numbers twice would lose one).
    await expect(store.transaction((tx) => tx.insertEvents([event(3, 'acc_1', { id: 'evt_other' })]))).rejects.toThrow();
  });

  it('event counters: each customer number and last seq in an environment, 0 for none, unknown customers left out', async () => {
    await store.transaction((tx) => tx.insertEvents([event(4, 'acc_1'), event(7, 'acc_1')]));
    expect(await store.eventCounters('live', ['cus_1', 'cus_2', 'cus_none'])).toEqual(
      new Map([
        ['cus_1', { number: 1, last: 7 }],
        ['cus_2', { number: 2, last: 0 }],
      ]),
    );
    expect(await store.eventCounters('sandbox', ['cus_1'])).toEqual(new Map([['cus_1', { number: 1, last: 0 }]]));
    // Inside a transaction: its own events count.
    expect(await store.transaction(async (tx) => {
      await tx.insertEvents([event(8, 'acc_1')]);
      return tx.eventCounters('live', ['cus_1']);
    })).toEqual(new Map([['cus_1', { number: 1, last: 8 }]]));
  });

  it('events: retention drops the oldest first, a limited number, and keeps each customer newest', async () => {
    await store.transaction((tx) =>
      tx.insertEvents([
        ...[1, 2, 3, 4].map((s) => event(s, 'acc_1', { created_at: 10 })),
        event(1, 'acc_2', { environment: 'sandbox', customer_id: 'cus_2', created_at: 10 }),
        event(5, 'acc_1', { created_at: 10 }),
      ]),
    );
    expect(await store.transaction((tx) => tx.deleteEventsBefore(100, 2))).toBe(2);
    expect(await store.transaction((tx) => tx.deleteEventsBefore(100, 10))).toBe(2);
    expect((await store.listEvents({ environment: 'live', customerId: 'cus_1', afterSeq: 0, limit: 10 })).map((e) => e.seq)).toEqual([5]);
    expect((await store.listEvents({ accountId: 'acc_2', afterSeq: 0, limit: 10 })).map((e) => e.seq)).toEqual([1]);
    expect(await store.eventHead({ environment: 'live', customerId: 'cus_1' })).toBe(5);
  });

  it('events: retention drops the oldest as written up to the first one inside it, never leaving a hole', async () => {
    await store.transaction((tx) => tx.insertEvents(([[1, 10], [2, 20], [3, 200], [4, 30], [5, 40], [6, 50]] as const).map(([s, at]) => event(s, 'acc_1', { created_at: at }))));
    const left = async () => (await store.listEvents({ accountId: 'acc_1', afterSeq: 0, limit: 10 })).map((e) => e.seq);
    // Event 4 is older than 100 but comes after event 3, which is not: the log stays a contiguous run of seqs.
    expect(await store.transaction((tx) => tx.deleteEventsBefore(100, 10))).toBe(2);
    expect(await left()).toEqual([3, 4, 5, 6]);
    expect(await store.transaction((tx) => tx.deleteEventsBefore(300, 1))).toBe(1);
    expect(await store.transaction((tx) => tx.deleteEventsBefore(300, 10))).toBe(2);
    expect(await left()).toEqual([6]);
  });

  it('events bring their webhook deliveries: an endpoint of the customer that wants them, committed before them', async () => {
    const hook = (id: string, o: Partial<WebhookRecord> = {}): WebhookRecord => ({
      id, customer_id: 'cus_1', environment: 'live', url: `https://example.com/${id}`, types: null, account_id: null, secret: 'sealed', created_at: 9, ...o,
    });
    await store.transaction(async (tx) => {
      await tx.insertWebhook(hook('whk_all'));
      await tx.insertWebhook(hook('whk_fills', { types: ['order.filled', 'fill.created'] }));
      await tx.insertWebhook(hook('whk_acc2', { account_id: 'acc_2' }));
      await tx.insertWebhook(hook('whk_sandbox', { environment: 'sandbox' }));
      await tx.insertWebhook(hook('whk_other', { customer_id: 'cus_2' }));
    });
    await store.transaction((tx) => tx.insertEvents([event(1, 'acc_1'), event(2, 'acc_1', { type: 'order.filled' }), event(1, 'acc_2', { environment: 'sandbox', customer_id: 'cus_2' })]));
    const got = async (hookId: string) => (await store.listDeliveries(hookId, undefined, 10)).map((d) => ({ seq: d.event_seq, id: d.event_id, type: d.event_type, status: d.status, payload: d.payload }));
    expect(await got('whk_all')).toEqual([
      { seq: 2, id: 'evt_cus_1_2', type: 'order.filled', status: 'pending', payload: event(2, 'acc_1').data },
      { seq: 1, id: 'evt_cus_1_1', type: 'order.created', status: 'pending', payload: event(1, 'acc_1').data },
    ]);
    expect(await got('whk_fills')).toEqual([{ seq: 2, id: 'evt_cus_1_2', type: 'order.filled', status: 'pending', payload: event(2, 'acc_1').data }]);
    expect(await got('whk_acc2')).toEqual([]);
    expect(await got('whk_sandbox')).toEqual([]);
    expect(await got('whk_other')).toEqual([]);
    const made = (await store.listDeliveries('whk_all', undefined, 10))[0]!;
    expect(made).toMatchObject({ id: expect.stringMatching(/^whd_[0-9a-f]{24,32}$/), attempts: 0, next_attempt_at: event(2, 'acc_1').created_at, finished_at: null });
    // An endpoint made after them gets the events after it only.
    await store.transaction((tx) => tx.insertWebhook(hook('whk_late')));
    await store.transaction((tx) => tx.insertEvents([event(3, 'acc_1')]));
    expect((await got('whk_late')).map((d) => d.seq)).toEqual([3]);
    expect((await got('whk_all')).map((d) => d.seq)).toEqual([3, 2, 1]);
  });

  it('events find the endpoints made or removed since the endpoints were last listed (SQLite answers "has it any" from its cache)', async () => {
    const hook = (id: string): WebhookRecord => ({ id, customer_id: 'cus_2', environment: 'sandbox', url: `https://example.com/${id}`, types: null, account_id: null, secret: 'sealed', created_at: 9 });
    const other = { environment: 'sandbox' as const, customer_id: 'cus_2' };
    const seqs = async (hookId: string) => (await store.listDeliveries(hookId, undefined, 10)).map((d) => d.event_seq);
    expect(await store.listAllWebhooks()).toEqual([]);
    await store.transaction((tx) => tx.insertEvents([event(1, 'acc_2', other)]));
    // Made in the same transaction as the events, after the list was read: they are its.
    await store.transaction(async (tx) => {
      await tx.insertWebhook(hook('whk_new'));
      await tx.insertEvents([event(2, 'acc_2', other)]);
    });
    expect(await seqs('whk_new')).toEqual([2]);
    // Listed (the cache holds it), then made in a transaction of its own: both are served.
    expect((await store.listAllWebhooks()).map((w) => w.id)).toEqual(['whk_new']);
    await store.transaction((tx) => tx.insertWebhook(hook('whk_next')));
    await store.transaction((tx) => tx.insertEvents([event(3, 'acc_2', other)]));
    expect(await seqs('whk_new')).toEqual([3, 2]);
    expect(await seqs('whk_next')).toEqual([3]);
    // One made by a transaction that rolled back, the endpoints read while it was open (on SQLite's one connection
    // that read sees it): nothing is kept of it.
    await expect(
      store.transaction(async (tx) => {
        await tx.insertWebhook(hook('whk_gone'));
        await store.listAllWebhooks();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await store.listAllWebhooks()).map((w) => w.id)).toEqual(['whk_new', 'whk_next']);
    await store.transaction(async (tx) => {
      await tx.deleteWebhook('whk_new');
      await tx.deleteWebhook('whk_next');
      await tx.insertEvents([event(4, 'acc_2', other)]);
    });
    expect(await store.listAllWebhooks()).toEqual([]);
    await store.transaction(async (tx) => {
      await tx.insertWebhook(hook('whk_last'));
    });
    await store.transaction((tx) => tx.insertEvents([event(5, 'acc_2', other)]));
    expect(await seqs('whk_last')).toEqual([5]);
  });

  it('a transaction that fails: nothing it wrote is visible, its undo callbacks run, its error is answered', async () => {
    const undone: string[] = [];
    const told: string[][] = [];
    store.onEventsCommitted((c) => told.push([...(c.accountIds ?? [])]));
    const failing = store.transaction(async (tx) => {
      await tx.insertCustomer(customer(3));
      await tx.insertEvents([event(1, 'acc_1')]);
      tx.onRollback(() => undone.push('engine'));
      // Its own writes are visible inside it; the log reads show committed events only (port: listEvents).
      expect((await tx.getCustomer('cus_3'))?.id).toBe('cus_3');
      expect((await tx.eventCounters('live', ['cus_1'])).get('cus_1')?.last).toBe(1);
      expect(await tx.listEvents({ accountId: 'acc_1', afterSeq: 0, limit: 5 })).toEqual([]);
      expect(await tx.eventHead({ accountId: 'acc_1' })).toBe(0);
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    expect(undone).toEqual(['engine']);
    expect(told).toEqual([]);
    expect(await store.getCustomer('cus_3')).toBeUndefined();
    expect(await store.listEvents({ accountId: 'acc_1', afterSeq: 0, limit: 5 })).toEqual([]);
    // A constraint the database refuses (a second customer number 1) rolls back the same way.
    await expect(store.transaction(async (tx) => {
      tx.onRollback(() => undone.push('dup'));
      await tx.insertCustomer(customer(4));
      await tx.insertCustomer({ ...customer(5), number: 1 });
    })).rejects.toThrow();
    expect(undone).toEqual(['engine', 'dup']);
    expect(await store.getCustomer('cus_4')).toBeUndefined();
  });

  it('onEventsCommitted: told once the commit is done, with the accounts, not for other writes', async () => {
    const told: string[][] = [];
    const stop = store.onEventsCommitted((c) => told.push([...(c.accountIds ?? ['any'])].sort()));
    await store.transaction(async (tx) => {
      await tx.insertEvents([event(1, 'acc_2', { environment: 'sandbox', customer_id: 'cus_2' })]);
      await tx.insertEvents([event(1, 'acc_1')]);
      expect(told).toEqual([]);
    });
    expect(told).toEqual([['acc_1', 'acc_2']]);
    // What it is told about is readable by then.
    expect(await store.eventHead({ accountId: 'acc_1' })).toBe(1);
    await store.transaction((tx) => tx.setSetting('x', '1'));
    expect(told).toHaveLength(1);
    stop();
    await store.transaction((tx) => tx.insertEvents([event(2, 'acc_1')]));
    expect(told).toHaveLength(1);
  });

  it('onEventsCommitted says when a commit made no webhook delivery, so the sender need not look', async () => {
    const told: (boolean | undefined)[] = [];
    store.onEventsCommitted((c) => told.push(c.deliveries));
    // No endpoint.
    await store.transaction((tx) => tx.insertEvents([event(1, 'acc_1')]));
    await store.transaction((tx) =>
      tx.insertWebhook({ id: 'whk_fills', customer_id: 'cus_1', environment: 'live', url: 'https://example.com/f', types: ['order.filled'], account_id: null, secret: 'sealed', created_at: 9 }),
    );
    // An endpoint that does not want the event's type.
    await store.transaction((tx) => tx.insertEvents([event(2, 'acc_1')]));
    expect(told).toEqual([false, false]);
    // One that does: its delivery is made, and the sender is not told to skip it.
    await store.transaction((tx) => tx.insertEvents([event(3, 'acc_1', { type: 'order.filled' })]));
    expect(told).toHaveLength(3);
    expect(told[2]).not.toBe(false);
    expect((await store.listDeliveries('whk_fills', undefined, 10)).map((d) => d.event_seq)).toEqual([3]);
  });

  it('webhooks: endpoints, the outbox due in order, attempts, retention and cascade on delete', async () => {
    const hook = (id: string, o: Partial<WebhookRecord> = {}): WebhookRecord => ({
      id, customer_id: 'cus_1', environment: 'live', url: `https://example.com/${id}`, types: ['order.filled'], account_id: null,
      secret: 'sealed', created_at: 9, ...o,
    });
    await store.transaction(async (tx) => {
      await tx.insertWebhook(hook('whk_b'));
      await tx.insertWebhook(hook('whk_a', { types: null, account_id: 'acc_1' }));
      await tx.setWebhookSecret('whk_b', 'resealed');
      await tx.insertDelivery(delivery('dlv_1', 'whk_b', 1, { next_attempt_at: 600 }));
      await tx.insertDelivery(delivery('dlv_2', 'whk_b', 2, { next_attempt_at: 500 }));
      await tx.insertDelivery(delivery('dlv_3', 'whk_b', 3, { next_attempt_at: 500 }));
      // The same event for the same endpoint again: ignored.
      await tx.insertDelivery(delivery('dlv_x', 'whk_b', 1));
    });
    expect(await store.getWebhook('whk_b')).toEqual(hook('whk_b', { secret: 'resealed' }));
    expect(await store.getWebhook('whk_zz')).toBeUndefined();
    expect((await store.listWebhooks('cus_1', 'live', undefined, 10)).map((w) => w.id)).toEqual(['whk_b', 'whk_a']);
    expect((await store.listWebhooks('cus_1', 'live', 'whk_b', 10)).map((w) => w.id)).toEqual(['whk_a']);
    expect((await store.listAllWebhooks()).map((w) => w.id)).toEqual(['whk_b', 'whk_a']);
    expect((await store.dueDeliveries(550, 10)).map((d) => d.id)).toEqual(['dlv_2', 'dlv_3']);
    expect((await store.dueDeliveries(700, 10)).map((d) => d.id)).toEqual(['dlv_2', 'dlv_3', 'dlv_1']);
    expect(await store.getDelivery('dlv_x')).toBeUndefined();
    await store.transaction(async (tx) => {
      await tx.insertAttempt({ delivery_id: 'dlv_2', n: 1, at: 501, status_code: 500, error: null, duration_ms: 12 });
      await tx.insertAttempt({ delivery_id: 'dlv_2', n: 2, at: 502, status_code: null, error: 'timeout', duration_ms: 5000 });
      await tx.updateDelivery('dlv_2', { status: 'succeeded', attempts: 2, next_attempt_at: null, finished_at: 502 });
    });
    expect(await store.getDelivery('dlv_2')).toEqual(delivery('dlv_2', 'whk_b', 2, { status: 'succeeded', attempts: 2, next_attempt_at: null, finished_at: 502 }));
    expect((await store.listDeliveries('whk_b', undefined, 2)).map((d) => d.id)).toEqual(['dlv_3', 'dlv_2']);
    expect((await store.listDeliveries('whk_b', 'dlv_2', 5)).map((d) => d.id)).toEqual(['dlv_1']);
    expect(await store.listAttempts(['dlv_2', 'dlv_1'])).toEqual([
      { delivery_id: 'dlv_2', n: 1, at: 501, status_code: 500, error: null, duration_ms: 12 },
      { delivery_id: 'dlv_2', n: 2, at: 502, status_code: null, error: 'timeout', duration_ms: 5000 },
    ]);
    expect(await store.listAttempts([])).toEqual([]);
    expect(await store.transaction((tx) => tx.deleteDeliveriesBefore(600, 10))).toBe(1);
    expect(await store.listAttempts(['dlv_2'])).toEqual([]);
    expect(await store.transaction((tx) => tx.deleteWebhook('whk_b'))).toBe(true);
    expect(await store.transaction((tx) => tx.deleteWebhook('whk_b'))).toBe(false);
    expect(await store.getDelivery('dlv_1')).toBeUndefined();
  });

  describe('webhook delivery claims (several nodes)', () => {
    const hook = (id: string): WebhookRecord => ({
      id, customer_id: 'cus_1', environment: 'live', url: `https://example.com/${id}`, types: null, account_id: null,
      secret: 'sealed', created_at: 9,
    });
    const claim = (s: Store, node: string, now: number, until: number, o: Partial<DeliveryClaimRequest> = {}) =>
      s.transaction(async (tx) => (await tx.claimDeliveries({ now, node, until, limit: 100, perEndpoint: 100, ...o })).map((d) => d.id));
    const outcome = (s: Store, id: string, node: string, claimedAttempts: number) =>
      s.transaction((tx) => tx.updateDelivery(id, { status: 'succeeded', attempts: claimedAttempts + 1, next_attempt_at: null, finished_at: 900 }, { node, attempts: claimedAttempts }));
    beforeEach(async () => {
      await store.transaction(async (tx) => {
        await tx.insertWebhook(hook('whk_b'));
        await tx.insertWebhook(hook('whk_a'));
        await tx.insertDelivery(delivery('dlv_1', 'whk_b', 1, { next_attempt_at: 600 }));
        await tx.insertDelivery(delivery('dlv_2', 'whk_b', 2));
        await tx.insertDelivery(delivery('dlv_3', 'whk_b', 3));
        await tx.insertDelivery(delivery('dlv_4', 'whk_b', 4));
        await tx.insertDelivery(delivery('dlv_5', 'whk_a', 5));
        await tx.insertDelivery(delivery('dlv_6', 'whk_a', 6, { status: 'succeeded', finished_at: 450 }));
      });
    });

    it('takes the earliest due of each endpoint, at most perEndpoint and limit; a claimed delivery is not claimed again while it lasts', async () => {
      expect(await claim(store, 'node-a', 550, 1000, { perEndpoint: 2 })).toEqual(['dlv_2', 'dlv_3', 'dlv_5']);
      expect(await claim(store, 'node-b', 550, 1000, { perEndpoint: 2 })).toEqual(['dlv_4']);
      expect(await claim(store, 'node-b', 700, 1000)).toEqual(['dlv_1']);
      expect(await claim(store, 'node-b', 999, 2000)).toEqual([]);
      // Claimed or not, due deliveries are the backlog.
      expect(await store.countDueDeliveries(550)).toBe(4);
      expect(await store.countDueDeliveries(700)).toBe(5);
      expect(await store.countDueDeliveries(499)).toBe(0);
    });

    it('a lapsed claim is claimable again, by any node, with what the delivery had', async () => {
      expect(await claim(store, 'node-a', 550, 1000, { limit: 2 })).toEqual(['dlv_2', 'dlv_3']);
      expect(await claim(store, 'node-b', 999, 5000)).toEqual(['dlv_4', 'dlv_5', 'dlv_1']);
      const lapsed = await store.transaction((tx) => tx.claimDeliveries({ now: 1000, node: 'node-b', until: 5000, limit: 10, perEndpoint: 10 }));
      expect(lapsed).toEqual([delivery('dlv_2', 'whk_b', 2), delivery('dlv_3', 'whk_b', 3)]);
    });

    it('an outcome is applied only while the claim is still its node\'s; a lapsed claim no other node took still counts', async () => {
      expect(await claim(store, 'node-a', 550, 1000)).toEqual(['dlv_2', 'dlv_3', 'dlv_4', 'dlv_5']);
      expect(await claim(store, 'node-b', 1000, 2000, { limit: 1 })).toEqual(['dlv_2']);
      // node-a's attempt of dlv_2 ended after its claim lapsed and node-b took it over: not recorded.
      expect(await outcome(store, 'dlv_2', 'node-a', 0)).toBe(false);
      expect(await store.getDelivery('dlv_2')).toEqual(delivery('dlv_2', 'whk_b', 2));
      expect(await outcome(store, 'dlv_2', 'node-b', 0)).toBe(true);
      expect((await store.getDelivery('dlv_2'))?.status).toBe('succeeded');
      // dlv_3's claim lapsed too, but nobody took it: node-a's outcome stands.
      expect(await outcome(store, 'dlv_3', 'node-a', 0)).toBe(true);
      // A stale outcome from before another node's recorded attempt: the attempt count tells it apart.
      await store.transaction((tx) => tx.updateDelivery('dlv_4', { status: 'pending', attempts: 1, next_attempt_at: 1500, finished_at: null }, { node: 'node-a', attempts: 0 }));
      expect(await claim(store, 'node-a', 1500, 3000)).toEqual(['dlv_5', 'dlv_1', 'dlv_4']);
      expect(await outcome(store, 'dlv_4', 'node-a', 0)).toBe(false);
      expect(await outcome(store, 'dlv_4', 'node-a', 1)).toBe(true);
      expect((await store.getDelivery('dlv_4'))?.attempts).toBe(2);
    });

    it('two nodes claiming at once never get the same delivery, and between them get each due one', async () => {
      await store.transaction(async (tx) => {
        for (let i = 10; i < 70; i++) await tx.insertDelivery(delivery(`dlv_${i}`, i % 2 ? 'whk_a' : 'whk_b', i));
      });
      const peer = await opened.peer();
      const got = new Map<string, string[]>([['node-a', []], ['node-b', []]]);
      const drain = async (s: Store, node: string) => {
        for (;;) {
          const ids = await claim(s, node, 550, 1000, { limit: 7, perEndpoint: 3 });
          if (ids.length === 0) return;
          got.get(node)!.push(...ids);
        }
      };
      await Promise.all([drain(store, 'node-a'), drain(peer, 'node-b'), drain(store, 'node-a'), drain(peer, 'node-b')]);
      const all = [...got.get('node-a')!, ...got.get('node-b')!];
      expect(all.length).toBe(new Set(all).size);
      expect(all.sort()).toEqual((await store.dueDeliveries(550, 100)).map((d) => d.id).sort());
      expect(all).toHaveLength(64);
    });

    it('a named lock: held by one transaction at a time; tryLock answers whether it got it', async () => {
      expect(await store.transaction((tx) => tx.tryLock('test'))).toBe(true);
      await store.transaction((tx) => tx.lock('test'));
      expect(await store.transaction((tx) => tx.tryLock('test'))).toBe(true);
    });
  });

  it('fault switches: failing answers store unavailable and commits nothing', async () => {
    const faults = withFaults(store);
    faults.failing = true;
    await expect(store.getCustomer('cus_1')).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.transaction((tx) => tx.insertCustomer(customer(7)))).rejects.toBeInstanceOf(StoreUnavailableError);
    faults.failing = false;
    faults.erroring = true;
    await expect(store.getCustomer('cus_1')).rejects.toThrow('unexpected store error');
    faults.erroring = false;
    expect(await store.getCustomer('cus_7')).toBeUndefined();
  });
}, seed);
