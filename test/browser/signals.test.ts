import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_URL, LIVE_URL, SANDBOX_URL, TestServer } from '../helpers/server.js';
import { chromiumAvailable, launch, screenshot, type Chromium } from './chromium.js';

/**
 * The Signals page in Debian's headless Chromium against a real Rampart: a signal made on two accounts, its URL
 * copied, a TradingView alert posted to it from outside, the log showing the order placed on each account, then
 * revoked; and a live signal, which needs live trading unlocked and its own emailed code.
 */
const EMAIL = 'lin@example.com';
const PASSWORD = 'correct horse battery';
const eventually = <T>(f: () => Promise<T> | T) => expect.poll(f, { timeout: 10_000, interval: 100 });

describe.skipIf(!chromiumAvailable())('the Signals page in a browser', () => {
  let s: TestServer;
  let c: Chromium;
  let page: Page;
  let key: string;
  let customerId: string;
  const accounts: string[] = [];
  let liveAccount: string;
  const errors: string[] = [];
  const host = (url: string) => new URL(url).host;

  /** Waits until every node has worked the alerts it took and their orders are applied. */
  const settleSignals = async () => {
    await eventually(() => s.nodes.every((node) => node.app.services.signals.idle())).toBe(true);
    await s.settleTrading();
  };

  /** Posts to an alert URL as TradingView does (no Authorization), on the test server's sandbox listener. */
  const postAlert = async (url: string, body: string) => {
    const res = await fetch(`${s.url.sandbox}${new URL(url).pathname}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    return { status: res.status, body: (await res.json()) as any };
  };

  /** The code of the newest mail to the user whose text names the purpose. */
  const codeOf = async (purpose: string) => {
    const mail = (await s.mailsTo(EMAIL)).find((m) => m.body.includes(purpose));
    return /^Your Rampart code: (\d{6})$/.exec(mail?.subject ?? '')?.[1];
  };

  beforeAll(async () => {
    s = await TestServer.start();
    expect((await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '59999', ask: '60001', last: '60000' })).status).toBe(200);
    const d = s.dashboard();
    expect((await d.signUp(EMAIL, PASSWORD)).status).toBe(201);
    customerId = (await d.call('GET', '/session')).body.customer.id;
    // The first sandbox key opens the first sandbox account; the key opens a second.
    const k = await d.call('POST', '/session/keys', { body: { environment: 'sandbox', access: 'trade', name: 'setup' } });
    expect(k.status, JSON.stringify(k.body)).toBe(201);
    key = k.body.key;
    await s.settle();
    accounts.push(k.body.opened_account.id);
    const second = await s.sandboxCall('POST', '/v1/accounts', { key, idempotencyKey: 'second-account', body: {} });
    expect([201, 202], JSON.stringify(second.body)).toContain(second.status);
    await s.settle();
    accounts.push(second.body.id);
    const node = s.nodes[0]!.url;
    c = await launch({
      hosts: { [host(DASHBOARD_URL)]: host(node.dashboard), [host(LIVE_URL)]: host(node.live), [host(SANDBOX_URL)]: host(node.sandbox) },
      // The Clipboard API needs a secure context: the test's dashboard is plain http under its public name.
      args: [`--unsafely-treat-insecure-origin-as-secure=${DASHBOARD_URL}`],
      width: 1280,
    });
    page = c.page;
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`);
    });
  }, 60_000);

  afterAll(async () => {
    await c?.close();
    await s?.close();
  });

  it('makes a signal on two accounts, shows its URL once and copies it; an alert posted to it places an order on each account, shown in its log; revoked, it is marked so and its URL stops', async () => {
    const [a, b] = accounts as [string, string];
    await page.goto(`${DASHBOARD_URL}/sign-in`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/accounts');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Signals' }).click();
    await page.waitForURL('**/signals');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Signals');
    expect(await page.title()).toBe('Signals · Rampart');
    await eventually(() => page.locator('#signals-list').textContent()).toContain('No signal yet.');

    await page.getByLabel('Name').fill('Breakout');
    // A multiplier is typed only for a ticked account.
    const multiplierB = page.getByLabel(`Multiplier for ${b}`);
    expect(await multiplierB.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: a }).check();
    await page.getByRole('checkbox', { name: b }).check();
    await multiplierB.fill('2');
    await page.getByLabel('Markets').fill('btc-usd');
    await page.getByLabel('Largest order (USD)').fill('5000');
    await page.getByRole('button', { name: 'Make signal' }).click();

    const created = page.getByTestId('signal-created');
    await created.waitFor();
    // Focus moves to what was made, for the keyboard and a screen reader.
    await eventually(() => page.evaluate('document.activeElement && document.activeElement.id')).toBe('signal-created-title');
    const url = await page.locator('#signal-url').inputValue();
    expect(url).toMatch(/^http:\/\/sandbox\.rampart\.test\/v1\/alerts\/rsig_[0-9A-Za-z]{32}$/);
    const message = await page.locator('#signal-message').inputValue();
    expect(message).toContain('{{strategy.order.action}}');
    await page.getByRole('button', { name: 'Copy URL' }).click();
    await page.getByRole('button', { name: 'Copied URL' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(url);
    await page.getByRole('button', { name: 'Copy message' }).click();
    await page.getByRole('button', { name: 'Copied message' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(message);
    expect(await created.textContent()).toContain('Webhook URL');
    const card = page.locator(`[data-signal]`, { hasText: 'Breakout' });
    await eventually(() => card.getByTestId('signal-accounts').textContent()).toBe(`${a} ×1${b} ×2`);
    expect(await card.textContent()).toContain(`…${url.slice(-4)}`);
    expect(await card.textContent()).toContain('BTC-USD · order ≤ 5,000.00');
    await page.mouse.move(0, 0);
    await screenshot(page, 'signals-01-created-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForTimeout(300);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    // Every page of the bar in sight, none scrolled out of it.
    expect(await page.getByRole('navigation', { name: 'Main' }).evaluate((n) => n.scrollWidth <= n.clientWidth)).toBe(true);
    await screenshot(page, 'signals-01b-created-375', false);
    await page.setViewportSize({ width: 1280, height: 900 });

    // TradingView fills in the template's placeholders and posts it: 0.01 BTC on the first account, 0.02 on the second.
    const rendered = (qty: string, id: string) =>
      message
        .replace('{{ticker}}', 'BINANCE:BTCUSDT.P')
        .replace('{{strategy.order.action}}', 'buy')
        .replace('{{strategy.market_position}}', 'long')
        .replace('{{strategy.order.contracts}}', qty)
        .replace('{{close}}', '60000')
        .replace('{{strategy.order.id}}', id)
        .replace('{{timenow}}', '2026-03-02T12:00:00Z');
    const posted = await postAlert(url, rendered('0.01', 'Long'));
    expect(posted.status, JSON.stringify(posted.body)).toBe(202);
    // Then one too large for the second account (0.05 × 2 BTC is past the 5,000 USD fence), and one unreadable.
    expect((await postAlert(url, rendered('0.05', 'Add'))).status).toBe(202);
    const unread = await postAlert(url, '{"ticker": "DOGEUSDT", "action": "buy", "quantity": 1}');
    expect([unread.status, unread.body.error.code]).toEqual([400, 'invalid_request']);
    await settleSignals();

    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Log of Breakout' }).click();
    const log = card.getByTestId('signal-log');
    await log.waitFor();
    await card.getByRole('button', { name: 'Refresh the log of Breakout' }).click();
    const first = log.locator(`tr[data-alert="${posted.body.alert_id}"]`);
    await eventually(() => first.locator(`li[data-account="${a}"]`).textContent()).toMatch(/placed\s*ord_/);
    const orderOf = async (account: string) => {
      const r = await s.sandboxCall('GET', `/v1/accounts/${account}/orders?limit=10`, { key });
      return r.body.data.find((o: any) => o.size === (account === a ? '0.01' : '0.02'));
    };
    for (const account of [a, b]) {
      const order = await orderOf(account);
      expect(order, account).toMatchObject({ origin: 'tradingview', status: 'filled', side: 'buy' });
      const result = first.locator(`li[data-account="${account}"]`);
      expect(await result.locator('.status').textContent()).toBe('placed');
      expect(await result.locator('.result-detail').textContent()).toBe(order.id);
    }
    expect(await first.textContent()).toContain('buy 0.01 BINANCE:BTCUSDT.P → BTC-USD');
    expect(await log.locator('tbody tr').count()).toBe(3);
    expect(await log.locator('tbody tr').first().textContent()).toContain('invalid_request');
    expect(await log.locator(`li[data-account="${b}"]`, { hasText: 'refused' }).textContent()).toContain('key_max_order_notional');
    await page.mouse.move(0, 0);
    await screenshot(page, 'signals-02-log-1280');

    // On a phone: the page fits, the log's rows are cards, the buttons are on the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForTimeout(300);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    for (const button of [card.getByRole('button', { name: 'Revoke Breakout' }), card.getByRole('button', { name: 'Refresh the log of Breakout' })]) {
      const box = await button.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
    await screenshot(page, 'signals-03-log-375');

    // Revoke asks first; Keep gives focus back; confirmed, the signal is marked revoked and its URL answers 404.
    await card.getByRole('button', { name: 'Revoke Breakout' }).click();
    const confirm = card.getByRole('button', { name: 'Confirm revoke' });
    await eventually(() => confirm.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await card.getByRole('button', { name: 'Keep' }).click();
    await eventually(() => page.evaluate('document.activeElement && document.activeElement.getAttribute("aria-label")')).toBe('Revoke Breakout');
    await card.getByRole('button', { name: 'Revoke Breakout' }).click();
    await screenshot(page, 'signals-04-confirm-375', false);
    await confirm.click();
    await eventually(() => card.locator('.signal-title .status').textContent()).toBe('revoked');
    await card.getByTestId('signal-revoked').waitFor();
    expect(await card.getByRole('button', { name: 'Revoke Breakout' }).count()).toBe(0);
    const after = await fetch(`${s.url.sandbox}${new URL(url).pathname}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'buy BTCUSD qty=0.01' });
    expect(after.status).toBe(404);
    expect(((await after.json()) as any).error.code).toBe('signal_not_found');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForTimeout(200);
    await page.mouse.move(0, 0);
    await screenshot(page, 'signals-05-revoked-1280');
    expect(errors).toEqual([]);
  }, 60_000);

  it('asks live for the unlock first, then for the live_signal code emailed to the user', async () => {
    const opened = await s.admin('POST', `/admin/v1/customers/${customerId}/accounts`, { product: 'funded-100k' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    liveAccount = opened.body.id;
    await s.settle();
    await page.getByRole('button', { name: 'Live', exact: true }).click();
    await eventually(() => page.locator('#signals-list').textContent()).toContain('No signal yet.');
    // The live token only reads: making a signal is a trading call, so the form offers the unlock instead of Make signal.
    expect(await page.getByRole('button', { name: 'Make signal' }).count()).toBe(0);
    await page.mouse.move(0, 0);
    await screenshot(page, 'signals-06-live-locked-1280');
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await eventually(() => page.locator('#live-unlock .ok-note').textContent()).toMatch(/^Code sent to /);
    const tradeCode = await codeOf('trade live from the dashboard');
    expect(tradeCode).toBeDefined();
    await page.getByLabel('Emailed code', { exact: true }).fill(tradeCode!);
    await page.getByRole('button', { name: 'Unlock live trading' }).click();
    await page.locator('#live-unlock').waitFor({ state: 'detached' });

    await page.getByLabel('Name').fill('Live swing');
    await page.getByRole('checkbox', { name: liveAccount }).check();
    await page.getByRole('checkbox', { name: 'No hedging' }).check();
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await eventually(() => page.locator('#create-signal .ok-note').textContent()).toMatch(/^Code sent to /);
    const signalCode = await codeOf('create a live signal');
    expect(signalCode).toBeDefined();
    await page.getByLabel('Emailed code', { exact: true }).fill(signalCode!);
    await page.mouse.move(0, 0);
    await screenshot(page, 'signals-07-live-form-1280');
    expect(errors).toEqual([]);
  }, 30_000);

  it('makes the live signal with that code', async () => {
    await page.getByRole('button', { name: 'Make signal' }).click();
    await eventually(() => page.locator('#signal-url').inputValue()).toMatch(/^http:\/\/live\.rampart\.test\/v1\/alerts\/rsig_/);
    const card = page.locator('[data-signal]', { hasText: 'Live swing' });
    await eventually(() => card.textContent()).toContain('no hedging');
    expect(errors).toEqual([]);
  }, 30_000);
});
