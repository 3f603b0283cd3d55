import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, TestServer, type Answer } from '../helpers/server.js';

let s: TestServer;
let n = 0;
const ik = () => `sig-${++n}`;

beforeAll(async () => {
  s = await TestServer.start();
  await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
  await s.admin('PUT', '/admin/v1/markets/ETH-USD/price', { bid: '3000', ask: '3000.05', last: '3000' });
  await s.settleTrading();
});
afterAll(async () => {
  await s?.close();
});

/** Waits until every node has worked the alerts it took, and their orders are applied. */
const settleSignals = () => s.settleTrading();

async function openAccount(key: string, product: string): Promise<string> {
  const r = await s.sandboxCall('POST', '/v1/accounts', { key, idempotencyKey: ik(), body: { product } });
  // 202 while the engine opens it.
  expect([201, 202], JSON.stringify(r.body)).toContain(r.status);
  await s.settle();
  return r.body.id as string;
}

async function createSignal(key: string, body: Record<string, unknown>): Promise<{ id: string; url: string; [k: string]: unknown }> {
  const r = await s.sandboxCall('POST', '/v1/signals', { key, idempotencyKey: ik(), body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

/** Posts to an alert URL as TradingView does: no Authorization, JSON or text/plain. */
async function post(url: string, body: string, contentType = 'application/json'): Promise<Answer> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text === '' ? undefined : JSON.parse(text) };
}

/** The alert URL on the test server's sandbox listener (the signal's URL names the public host). */
const local = (url: string) => `${s.url.sandbox}${new URL(url).pathname}`;

async function log(key: string, signalId: string): Promise<any[]> {
  const r = await s.sandboxCall('GET', `/v1/signals/${signalId}/deliveries`, { key });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

async function orders(key: string, accountId: string): Promise<any[]> {
  const r = await s.sandboxCall('GET', `/v1/accounts/${accountId}/orders?limit=100`, { key });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

async function position(key: string, accountId: string, market = 'BTC-USD'): Promise<any | null> {
  const r = await s.sandboxCall('GET', `/v1/accounts/${accountId}/positions/${market}`, { key });
  return r.status === 200 ? r.body : null;
}

describe('signals', () => {
  it('makes a signal whose URL carries a long secret shown once; the list and a replay never show it', async () => {
    const t = await s.trader();
    const body = { name: 'Breakout', accounts: [{ account_id: t.accountId, multiplier: '2' }] };
    const first = await s.sandboxCall('POST', '/v1/signals', { key: t.key, idempotencyKey: 'make-once', body });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      id: expect.stringMatching(/^sig_/),
      object: 'signal',
      environment: 'sandbox',
      name: 'Breakout',
      accounts: [{ account_id: t.accountId, multiplier: '2' }],
      markets: null,
      max_order_usd: null,
      reduce_only: false,
      no_hedging: false,
      expires_at: null,
      revoked_at: null,
    });
    // 32 base62 characters: 190 bits.
    const secret = /\/v1\/alerts\/(rsig_[0-9A-Za-z]{32})$/.exec(first.body.url)?.[1];
    expect(secret, first.body.url).toBeDefined();
    expect(first.body.url_hint).toBe(secret!.slice(-4));
    expect(first.body.tradingview_message).toContain('{{strategy.order.action}}');
    expect(JSON.parse(first.body.tradingview_message.replaceAll(/\{\{[^}]+\}\}/g, 'x'))).toHaveProperty('ticker');
    const replay = await s.sandboxCall('POST', '/v1/signals', { key: t.key, idempotencyKey: 'make-once', body });
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual({ ...first.body, url: null });
    const list = await s.sandboxCall('GET', '/v1/signals', { key: t.key });
    expect(list.body.data).toEqual([{ ...first.body, url: null }]);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    // Only its hash is stored.
    const rows = await s.rawQuery<{ secret_hash: string }>('SELECT secret_hash FROM signals WHERE id = ?', [first.body.id]);
    expect(rows[0]!.secret_hash).not.toContain(secret!);
    expect(rows[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a signal on an account of another customer, an unknown market, a duplicate account, and no Idempotency-Key', async () => {
    const t = await s.trader();
    const other = await s.trader();
    expectError(await s.sandboxCall('POST', '/v1/signals', { key: t.key, idempotencyKey: ik(), body: { name: 'x', accounts: [{ account_id: other.accountId }] } }), 404, 'account_not_found', {
      account_id: other.accountId,
    });
    expectError(
      await s.sandboxCall('POST', '/v1/signals', { key: t.key, idempotencyKey: ik(), body: { name: 'x', accounts: [{ account_id: t.accountId }], markets: ['DOGE-USD'] } }),
      404,
      'market_not_found',
    );
    expectError(
      await s.sandboxCall('POST', '/v1/signals', { key: t.key, idempotencyKey: ik(), body: { name: 'x', accounts: [{ account_id: t.accountId }, { account_id: t.accountId }] } }),
      400,
      'invalid_request',
      { field: 'accounts', reason: 'duplicate' },
    );
    expectError(await s.sandboxCall('POST', '/v1/signals', { key: t.key, body: { name: 'x', accounts: [{ account_id: t.accountId }] } }), 400, 'idempotency_key_required');
    expectError(
      await s.sandboxCall('POST', '/v1/signals', { key: t.key, idempotencyKey: ik(), body: { name: 'x', accounts: [{ account_id: t.accountId, multiplier: 2 }] } }),
      400,
      'invalid_request',
    );
    expect((await s.sandboxCall('GET', '/v1/signals', { key: t.key })).body.data).toEqual([]);
  });

  it('fans a TradingView JSON alert out to three accounts with their multipliers; one refused by its rule does not stop the others', async () => {
    const t = await s.trader();
    const b = await openAccount(t.key, 'evaluation-100k');
    // eod-trailing-50k starts with a size tier of 60,000 USD of position.
    const c = await openAccount(t.key, 'eod-trailing-50k');
    const sig = await createSignal(t.key, {
      name: 'Three accounts',
      accounts: [
        { account_id: t.accountId, multiplier: '1' },
        { account_id: b, multiplier: '2' },
        { account_id: c, multiplier: '2.5' },
      ],
    });
    // As TradingView renders the template: numbers unquoted, the ticker with its exchange and perpetual suffix.
    const message = '{"ticker": "BINANCE:BTCUSDT.P", "action": "buy", "sentiment": "long", "quantity": 0.5, "price": 60001, "order_type": "market", "id": "entry-1"}';
    const r = await post(local(sig.url), message);
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body).toEqual({ alert_id: expect.stringMatching(/^alrt_/), status: 'pending', duplicate: false, results: null });
    await settleSignals();
    const [entry] = await log(t.key, sig.id);
    expect(entry).toMatchObject({ id: r.body.alert_id, status: 'done', request: { market: 'BTC-USD', alert: { action: 'buy', quantity: '0.5', ticker: 'BINANCE:BTCUSDT.P' } } });
    const byAccount = new Map(entry.results.map((x: any) => [x.account_id, x]));
    expect(byAccount.get(t.accountId)).toMatchObject({ outcome: 'placed', code: null });
    expect(byAccount.get(b)).toMatchObject({ outcome: 'placed', code: null });
    expect(byAccount.get(c)).toMatchObject({ outcome: 'refused', code: 'order_rejected', order_id: null, message: expect.stringContaining('size_tier') });
    expect((await position(t.key, t.accountId))?.size).toBe('0.5');
    expect((await position(t.key, b))?.size).toBe('1');
    expect(await position(t.key, c)).toBeNull();
    const [placed] = await orders(t.key, t.accountId);
    expect(placed).toMatchObject({ id: (byAccount.get(t.accountId) as any).order_id, origin: 'tradingview', status: 'filled', side: 'buy', size: '0.5' });
    // Each account's log has a signal.alert event saying what the alert did there.
    const ev = await s.sandboxCall('GET', `/v1/events?account_id=${c}&limit=100`, { key: t.key });
    const alertEvent = ev.body.data.find((e: any) => e.type === 'signal.alert');
    expect(alertEvent, JSON.stringify(ev.body)).toMatchObject({ account_id: c, data: { signal_id: sig.id, alert_id: r.body.alert_id, outcome: 'refused', code: 'order_rejected', market: 'BTC-USD', action: 'buy' } });

    // The same alert again (TradingView fired it twice): the first answer, nothing placed.
    const again = await post(local(sig.url), message);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ alert_id: r.body.alert_id, duplicate: true, status: 'done' });
    expect(again.body.results).toEqual(entry.results);
    await settleSignals();
    expect((await position(t.key, b))?.size).toBe('1');
    expect(await log(t.key, sig.id)).toHaveLength(1);
  });

  it('reads text alerts: key=value words with exits as percent and amount, and TradingView’s default strategy message that closes', async () => {
    const t = await s.trader();
    const sig = await createSignal(t.key, { name: 'Text', accounts: [{ account_id: t.accountId, multiplier: '3' }] });
    const r = await post(local(sig.url), 'buy BTCUSD qty=0.1 sl=1% tp=$600 trail=250 id=text-1', 'text/plain; charset=utf-8');
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    await settleSignals();
    const p = await position(t.key, t.accountId);
    expect(p?.size).toBe('0.3');
    // Reference 60001 (the ask): stop 1% = 600.01 below → 59400.99, on the 0.5 tick towards the entry: 59401;
    // take profit 600 above → 60601; the stop trails by 250.
    expect(p.exits.stop_loss).toMatchObject({ price: '59401', trailing_distance: '250' });
    expect(p.exits.take_profit).toMatchObject({ price: '60601' });
    // TradingView's default message for a strategy that went flat: the whole position closes.
    const close = await post(local(sig.url), 'order sell @ 0.1 filled on BTCUSDT. New strategy position is 0', 'text/plain');
    expect(close.status, JSON.stringify(close.body)).toBe(202);
    await settleSignals();
    expect(await position(t.key, t.accountId)).toBeNull();
    const [closed] = await log(t.key, sig.id);
    expect(closed.results).toEqual([{ account_id: t.accountId, outcome: 'placed', order_id: expect.any(String), code: null, message: null }]);
    // Nothing left to close: nothing done, said so.
    const exit = await post(local(sig.url), '{"ticker":"BTC-USD","action":"exit"}');
    expect(exit.status).toBe(202);
    await settleSignals();
    expect((await log(t.key, sig.id))[0].results[0]).toMatchObject({ outcome: 'nothing', message: 'No position in BTC-USD to close.' });
  });

  it('refuses malformed, unknown and oversized alerts with nothing placed, each kept in the log', async () => {
    const t = await s.trader();
    const sig = await createSignal(t.key, { name: 'Bad input', accounts: [{ account_id: t.accountId }] });
    const url = local(sig.url);
    const cases: [string, string, string, Record<string, unknown>][] = [
      ['{"ticker": "BTCUSDT", "action": "buy", "quantity": 1', 'application/json', 'invalid_request', { field: 'body', reason: 'invalid_json' }],
      ['{"ticker": "BTCUSDT", "action": "buy", "quantity": 1, "stoploss": 59000}', 'application/json', 'invalid_request', { field: 'stoploss', reason: 'unknown' }],
      ['{"ticker": "DOGEUSDT", "action": "buy", "quantity": 1}', 'application/json', 'invalid_request', { field: 'ticker', reason: 'unknown_market' }],
      ['{"ticker": "BTCUSDT", "action": "hodl", "quantity": 1}', 'application/json', 'invalid_request', { field: 'action', reason: 'invalid' }],
      ['{"ticker": "BTCUSDT", "action": "buy", "quantity": -1}', 'application/json', 'invalid_request', { field: 'quantity', reason: 'not_a_positive_decimal' }],
      ['{"ticker": "BTCUSDT", "action": "buy", "quantity": 1e3}', 'application/json', 'invalid_request', { field: 'quantity', reason: 'not_a_positive_decimal' }],
      ['{"ticker": "BTCUSDT", "action": "buy"}', 'application/json', 'invalid_request', { field: 'quantity', reason: 'missing' }],
      ['{"ticker": "BTCUSDT", "action": "buy", "risk_percent": "1"}', 'application/json', 'invalid_request', { field: 'stop_loss', reason: 'missing' }],
      ['buy BTCUSDT qty=1 leverage=100', 'text/plain', 'invalid_request', { field: 'leverage', reason: 'unknown' }],
      ['', 'text/plain', 'invalid_request', { field: 'body', reason: 'empty' }],
    ];
    for (const [body, type, code, details] of cases) expectError(await post(url, body, type), 400, code, details);
    expectError(await post(url, `{"ticker": "BTCUSDT", "action": "buy", "quantity": 1, "comment": "${'x'.repeat(9_000)}"}`), 413, 'payload_too_large', { max_bytes: 8192 });
    expectError(await post(url, '<p>buy</p>', 'text/html'), 415, 'unsupported_media_type');
    await settleSignals();
    expect(await orders(t.key, t.accountId)).toEqual([]);
    const entries = await log(t.key, sig.id);
    // The unreadable ones are in the log (newest first) with why; oversized and wrong-type bodies never reach it.
    expect(entries).toHaveLength(cases.filter(([b]) => b !== '').length + 1);
    expect(entries.every((e) => e.status === 'refused' && e.results.length === 0)).toBe(true);
    expect(entries.at(-1).request.error).toMatchObject({ code: 'invalid_request', field: 'body' });
  });

  it('answers 50 alerts at once, each within TradingView’s 3 s, and places one order per alert and account', async () => {
    const t = await s.trader();
    const b = await openAccount(t.key, 'evaluation-100k');
    const sig = await createSignal(t.key, { name: 'Busy', accounts: [{ account_id: t.accountId }, { account_id: b, multiplier: '2' }] });
    const url = local(sig.url);
    // TradingView gives up on a webhook after 3 s: each answer is timed against that contract.
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const started = performance.now();
        const r = await post(url, JSON.stringify({ ticker: 'ETHUSD', action: 'buy', quantity: '0.01', id: `burst-${i}` }));
        return { r, ms: performance.now() - started };
      }),
    );
    for (const { r, ms } of answers) {
      expect(r.status, JSON.stringify(r.body)).toBe(202);
      expect(ms).toBeLessThan(3_000);
    }
    expect(new Set(answers.map((a) => a.r.body.alert_id)).size).toBe(50);
    await settleSignals();
    expect((await position(t.key, t.accountId, 'ETH-USD'))?.size).toBe('0.5');
    expect((await position(t.key, b, 'ETH-USD'))?.size).toBe('1');
    const entries = await log(t.key, sig.id);
    expect(entries).toHaveLength(50);
    expect(entries.every((e) => e.status === 'done' && e.results.every((x: any) => x.outcome === 'placed'))).toBe(true);
  });

  it("judges the signal's fences: markets, reduce-only and largest order answer the key fences' codes", async () => {
    const t = await s.trader();
    const sig = await createSignal(t.key, { name: 'Fenced', accounts: [{ account_id: t.accountId }], markets: ['ETH-USD'], max_order_usd: '1000' });
    await post(local(sig.url), '{"ticker":"BTCUSDT","action":"buy","quantity":"0.01","id":"f1"}');
    await post(local(sig.url), '{"ticker":"ETHUSDT","action":"buy","quantity":"1","id":"f2"}');
    await settleSignals();
    const [big, other] = await log(t.key, sig.id);
    expect(other.results[0]).toMatchObject({ outcome: 'refused', code: 'key_market_not_allowed' });
    expect(big.results[0]).toMatchObject({ outcome: 'refused', code: 'key_max_order_notional' });
    const ro = await createSignal(t.key, { name: 'Exits only', accounts: [{ account_id: t.accountId }], reduce_only: true });
    await post(local(ro.url), '{"ticker":"ETHUSDT","action":"buy","quantity":"0.1","id":"r1"}');
    await settleSignals();
    expect((await log(t.key, ro.id))[0].results[0]).toMatchObject({ outcome: 'refused', code: 'key_reduce_only' });
    expect(await orders(t.key, t.accountId)).toEqual([]);
  });

  it('refuses an order that would hedge a position of another of the customer’s accounts (no_hedging), naming it', async () => {
    const t = await s.trader();
    const b = await openAccount(t.key, 'evaluation-100k');
    const placed = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, {
      key: t.key,
      idempotencyKey: ik(),
      body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    await s.settleTrading();
    const sig = await createSignal(t.key, { name: 'No hedge', accounts: [{ account_id: b }], no_hedging: true });
    await post(local(sig.url), '{"ticker":"BTCUSDT","action":"sell","quantity":"0.01","id":"h1"}');
    await settleSignals();
    expect((await log(t.key, sig.id))[0].results[0]).toMatchObject({ outcome: 'refused', code: 'order_rejected', message: expect.stringContaining(t.accountId) });
    expect(await position(t.key, b)).toBeNull();
    // The same direction is no hedge.
    await post(local(sig.url), '{"ticker":"BTCUSDT","action":"buy","quantity":"0.01","id":"h2"}');
    await settleSignals();
    expect((await position(t.key, b))?.size).toBe('0.01');
  });

  it('revokes a signal: its URL answers signal_not_found, its log stays; an expired signal answers signal_expired', async () => {
    const t = await s.trader();
    const sig = await createSignal(t.key, { name: 'Soon gone', accounts: [{ account_id: t.accountId }] });
    await post(local(sig.url), '{"ticker":"ETHUSDT","action":"cancel"}');
    await settleSignals();
    const revoked = await s.sandboxCall('DELETE', `/v1/signals/${sig.id}`, { key: t.key });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body).toMatchObject({ id: sig.id, revoked_at: expect.any(Number), url: null });
    expectError(await post(local(sig.url), '{"ticker":"ETHUSDT","action":"buy","quantity":"0.1"}'), 404, 'signal_not_found');
    expectError(await s.sandboxCall('DELETE', `/v1/signals/${sig.id}`, { key: t.key }), 404, 'signal_not_found', { signal_id: sig.id });
    expect(await log(t.key, sig.id)).toHaveLength(1);
    expectError(await post(`${s.url.sandbox}/v1/alerts/rsig_${'x'.repeat(32)}`, '{}'), 404, 'signal_not_found');
    // Another customer sees neither the signal nor its log.
    const other = await s.trader();
    expectError(await s.sandboxCall('GET', `/v1/signals/${sig.id}/deliveries`, { key: other.key }), 404, 'signal_not_found');
    expectError(await s.sandboxCall('GET', `/v1/signals?after=${sig.id}`, { key: other.key }), 400, 'invalid_cursor');

    const now = (await s.admin('GET', '/admin/v1/clock')).body.now as number;
    const brief = await createSignal(t.key, { name: 'Brief', accounts: [{ account_id: t.accountId }], expires_at: now + 60_000 });
    await s.admin('POST', '/admin/v1/clock', { advance_ms: 61_000 });
    expectError(await post(local(brief.url), '{"ticker":"ETHUSDT","action":"cancel"}'), 403, 'signal_expired', { signal_id: brief.id });
  });

  it('takes up the alerts a stopped node left pending: places what was not placed, never twice, and nothing once stale', async () => {
    const t = await s.trader();
    const sig = await createSignal(t.key, { name: 'Recovery', accounts: [{ account_id: t.accountId }] });
    // A fresh quote: an earlier test moved the clock past the last one's freshness.
    await s.admin('PUT', '/admin/v1/markets/ETH-USD/price', { bid: '3000', ask: '3000.05', last: '3000' });
    await s.settleTrading();
    const now = (await s.admin('GET', '/admin/v1/clock')).body.now as number;
    const request = (id: string) => JSON.stringify({ alert: { action: 'buy', ticker: 'ETHUSD', sentiment: null, quantity: '0.1', risk_percent: null, price: null, order_type: null, take_profit: null, stop_loss: null, trailing_stop: null, id, time: null }, market: 'ETH-USD' });
    // As a node leaves them when it stops after the 202: stored, pending, claimed by nobody.
    const insert = (id: string, receivedAt: number) =>
      s.rawQuery("INSERT INTO signal_alerts (id, signal_id, dedup_key, received_at, status, request, results, finished_at) VALUES (?, ?, ?, ?, 'pending', ?, NULL, NULL)", [
        id, sig.id, `id:${id}`, receivedAt, request(id),
      ]);
    await insert('alrt_recent', now - 40_000);
    await insert('alrt_stale', now - 90_000);
    await insert('alrt_young', now - 5_000);
    await s.nodes[0]!.app.services.signals.sweep();
    await settleSignals();
    const byId = new Map((await log(t.key, sig.id)).map((a) => [a.id, a]));
    expect(byId.get('alrt_recent')).toMatchObject({ status: 'done', results: [{ outcome: 'placed', order_id: expect.any(String) }] });
    expect(byId.get('alrt_stale')).toMatchObject({ status: 'done', results: [{ outcome: 'refused', code: 'order_rejected', message: expect.stringContaining('over a minute old') }] });
    // Another node may still be working it: not taken before its claim could have lapsed.
    expect(byId.get('alrt_young')).toMatchObject({ status: 'pending', results: null });
    expect((await position(t.key, t.accountId, 'ETH-USD'))?.size).toBe('0.1');
    // Taken up again (its row set back to pending, as if the node stopped before writing the outcome): the order stands, none is added.
    await s.rawQuery("UPDATE signal_alerts SET status = 'pending', results = NULL, claimed_until = NULL, received_at = ? WHERE id = 'alrt_recent'", [now - 40_000]);
    await s.nodes[0]!.app.services.signals.sweep();
    await settleSignals();
    expect((await log(t.key, sig.id)).find((a) => a.id === 'alrt_recent')).toMatchObject({ status: 'done', results: [{ outcome: 'placed' }] });
    expect((await position(t.key, t.accountId, 'ETH-USD'))?.size).toBe('0.1');
  });

  it('lets a signal live no longer than the key that made it: the key revoked, its URLs answer signal_not_found', async () => {
    const t = await s.trader();
    const sig = await createSignal(t.key, { name: 'Made by a key', accounts: [{ account_id: t.accountId }] });
    expect((await post(local(sig.url), '{"ticker":"SOLUSDT","action":"cancel"}')).status).toBe(202);
    const revoked = await s.admin('DELETE', `/admin/v1/keys/${t.keyId}`);
    expect(revoked.status, JSON.stringify(revoked.body)).toBeLessThan(300);
    expectError(await post(local(sig.url), '{"ticker":"SOLUSDT","action":"cancel"}'), 404, 'signal_not_found');
    await settleSignals();
  });

  it('lets a signal live no longer than the key that made it: the key expired, its URLs answer signal_not_found', async () => {
    const now = (await s.admin('GET', '/admin/v1/clock')).body.now as number;
    const t = await s.trader({ expires_at: now + 60_000 });
    const sig = await createSignal(t.key, { name: 'Made by a key that ends', accounts: [{ account_id: t.accountId }] });
    expect((await post(local(sig.url), '{"ticker":"SOLUSDT","action":"cancel"}')).status).toBe(202);
    await settleSignals();
    expect((await s.admin('POST', '/admin/v1/clock', { advance_ms: 60_000 })).status).toBe(200);
    expectError(await post(local(sig.url), '{"ticker":"SOLUSDT","action":"cancel"}'), 404, 'signal_not_found');
    await settleSignals();
  });

  it('takes 120 alerts at once per signal, then refuses with rate_limited and Retry-After', async () => {
    const t = await s.trader();
    const sig = await createSignal(t.key, { name: 'Flood', accounts: [{ account_id: t.accountId }] });
    const url = local(sig.url);
    const answers = await Promise.all(Array.from({ length: 120 }, () => post(url, 'nonsense', 'text/plain')));
    expect(answers.every((a) => a.status === 400)).toBe(true);
    expectError(await post(url, 'nonsense', 'text/plain'), 429, 'rate_limited', { scope: 'signal', limit: 120 });
  });

  it('makes a live signal only with the newest live_signal code emailed to the customer’s user; a replay needs none', async () => {
    const d = s.dashboard();
    const email = `signals${++n}@example.com`;
    const up = await d.signUp(email, 'correct horse battery');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const customerId = up.body.customer.id as string;
    const k = await s.admin('POST', `/admin/v1/customers/${customerId}/keys`, { environment: 'live', access: 'trade' });
    expect(k.status, JSON.stringify(k.body)).toBe(201);
    const acc = await s.admin('POST', `/admin/v1/customers/${customerId}/accounts`, { product: 'funded-100k' });
    expect(acc.status, JSON.stringify(acc.body)).toBe(201);
    await s.settle();
    const key = k.body.key as string;
    const body = { name: 'Live', accounts: [{ account_id: acc.body.id }] };
    expectError(await s.liveCall('POST', '/v1/signals', { key, idempotencyKey: ik(), body }), 422, 'email_code_required', { purpose: 'live_signal' });
    expectError(await s.liveCall('POST', '/v1/signals', { key, idempotencyKey: ik(), body: { ...body, email_code: '123456' } }), 422, 'invalid_email_code', { reason: 'wrong' });
    expect((await d.call('POST', '/session/email-codes', { body: { purpose: 'live_signal' } })).status).toBe(202);
    const mail = (await s.services.store.listMails(100)).find((m) => m.to_address === email);
    expect(mail?.body).toContain('create a live signal URL');
    const code = /\b(\d{6})\b/.exec(mail!.subject)![1]!;
    const wrong = code === '000000' ? '000001' : '000000';
    expectError(await s.liveCall('POST', '/v1/signals', { key, idempotencyKey: ik(), body: { ...body, email_code: wrong } }), 422, 'invalid_email_code', { reason: 'wrong' });
    const made = await s.liveCall('POST', '/v1/signals', { key, idempotencyKey: 'live-once', body: { ...body, email_code: code } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ environment: 'live', url: expect.stringContaining('/v1/alerts/rsig_') });
    // The same request again: the first answer (without the URL), no second code asked.
    const replay = await s.liveCall('POST', '/v1/signals', { key, idempotencyKey: 'live-once', body: { ...body, email_code: code } });
    expect(replay.status).toBe(201);
    expect(replay.body).toMatchObject({ id: made.body.id, url: null });
    expectError(await s.liveCall('POST', '/v1/signals', { key, idempotencyKey: ik(), body: { ...body, email_code: code } }), 422, 'invalid_email_code', { reason: 'used' });
    expect((await s.liveCall('GET', '/v1/signals', { key })).body.data.map((x: any) => x.id)).toEqual([made.body.id]);
  });
});
