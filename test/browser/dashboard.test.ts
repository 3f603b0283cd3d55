import { copyFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '../../dashboard/src/decimal.js';
import { DASHBOARD_URL, expectError, LIVE_URL, SANDBOX_URL, TestServer } from '../helpers/server.js';
import { chromiumAvailable, launch, screenshot, type Chromium } from './chromium.js';

/**
 * The customer dashboard in Debian's headless Chromium against a real Rampart: the page is served by the dashboard
 * listener, signs in through /session, and trades through the public API with its dashboard token. The API hosts keep
 * their public names in the browser (host-resolver rules map them to the test's ports), so CORS and the tokens'
 * resources are the real ones. The steps build on each other, as a person would go.
 */
const EMAIL = 'ada@example.com';
/** The page and the server at their own pace (scrypt on sign-up and password change, a 2 s refresh): up to 10 s. */
const eventually = <T>(f: () => Promise<T> | T) => expect.poll(f, { timeout: 10_000, interval: 100 });
const PASSWORD = 'correct horse battery';

describe.skipIf(!chromiumAvailable())('the dashboard in a browser', () => {
  let s: TestServer;
  let c: Chromium;
  let page: Page;
  let accountId: string;
  let sandboxKey: string;
  let customerId: string;
  const errors: string[] = [];

  const host = (url: string) => new URL(url).host;
  const go = async (path: string) => {
    await page.goto(`${DASHBOARD_URL}${path}`);
    await page.locator('main#main').waitFor();
  };
  const price = (last: string) => {
    const [int] = last.split('.');
    return s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: `${Number(int) - 1}`, ask: `${Number(int) + 1}`, last });
  };

  beforeAll(async () => {
    s = await TestServer.start();
    await price('60000');
    const node = s.nodes[0]!.url;
    c = await launch({
      hosts: {
        [host(DASHBOARD_URL)]: host(node.dashboard),
        [host(LIVE_URL)]: host(node.live),
        [host(SANDBOX_URL)]: host(node.sandbox),
      },
    });
    page = c.page;
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`);
    });
  }, 60_000);

  afterAll(async () => {
    await c?.close();
    await s?.close();
  });

  it('signs up, and a session lands on the accounts page', async () => {
    await go('/accounts');
    await page.waitForURL('**/sign-in');
    await screenshot(page, '01-sign-in');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/sign-up');
    await page.getByLabel('Email').fill(EMAIL);
    // A password that is the email is refused by the server, with the envelope's message and code.
    await page.getByLabel('Password').fill(EMAIL);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toContain('weak_password');
    await screenshot(page, '02-sign-up-refused');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    // Nothing is made yet: the page says where the link went (the same for an address that has an account).
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Check your mail');
    expect(await page.locator('.sent-to').textContent()).toBe('a***@example.com');
    await screenshot(page, '02b-check-your-mail');
    const link = /(http:\/\/\S+\/verify-email#token=\S+)/.exec((await s.mailsTo(EMAIL))[0]?.body ?? '')?.[1];
    expect(link).toBeDefined();
    await page.goto(link!);
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Confirm your email');
    // The token leaves the address bar (and the history) at once.
    await eventually(() => page.url()).toBe(`${DASHBOARD_URL}/verify-email`);
    await screenshot(page, '02c-verify-email');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await page.waitForURL('**/accounts');
    await eventually(() => page.locator('.who').textContent()).toBe(EMAIL);
    const me: any = await page.evaluate(async () => (await fetch('/session')).json());
    customerId = me.customer.id;
  }, 30_000);

  it('opens a sandbox account, with the limit and what is left of it', async () => {
    const remaining = page.getByTestId('sandbox-remaining');
    await remaining.waitFor();
    const before = Number(await remaining.textContent());
    await screenshot(page, '03-accounts-empty');
    await page.getByRole('button', { name: 'Open sandbox account' }).click();
    await page.waitForURL(/\/accounts\/[^/]+$/);
    accountId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);
    await s.settle();
    await go('/accounts');
    await eventually(async () => Number(await remaining.textContent())).toBe(before - 1);
    await eventually(() => page.locator('#accounts-list').textContent()).toContain(accountId);
    await screenshot(page, '04-accounts');
  }, 30_000);

  it('creates a sandbox key with fences, shows it once, and the key works from outside', async () => {
    await go('/developers/keys');
    await page.getByLabel('Name').fill('bot one');
    await page.getByLabel('Largest order (USD)').fill('50000');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = page.locator('#secret-once');
    await secret.waitFor();
    sandboxKey = await secret.inputValue();
    expect(sandboxKey).toMatch(/^rk_test_/);
    await screenshot(page, '05-key-created');
    const r = await s.sandboxCall('GET', '/v1/accounts', { key: sandboxKey });
    expect(r.status).toBe(200);
    expect(r.body.data.map((a: { id: string }) => a.id)).toContain(accountId);
    await page.getByRole('button', { name: 'Done' }).click();
    await eventually(() => page.getByTestId('keys').textContent()).toContain('order ≤ 50,000.00');
  }, 30_000);

  it('creates a live key with the code emailed to the user', async () => {
    await page.getByRole('radio', { name: 'Live' }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    // No code yet: the form asks for it (the field is required), so send one.
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await eventually(() => page.locator('#create-key .ok-note').textContent()).toMatch(/Code sent to /);
    const mails = (await s.admin('GET', '/admin/v1/mails')).body.data as { to_address: string; body: string }[];
    const mail = mails.find((m) => m.to_address === EMAIL);
    const code = /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1];
    expect(code, JSON.stringify(mails)).toBeDefined();
    await page.getByLabel('Emailed code', { exact: true }).fill(code!);
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = page.locator('#secret-once');
    await eventually(() => secret.inputValue()).toMatch(/^rk_live_/);
    const liveKey = await secret.inputValue();
    const r = await s.liveCall('GET', '/v1/limits', { key: liveKey });
    expect(r.status).toBe(200);
    await page.getByRole('button', { name: 'Done' }).click();
  }, 30_000);

  it('places an order with exits from the ticket; the position appears and its trailing stop follows the price', async () => {
    // A few earlier round trips (with the key, as a bot would) give the equity curve some history.
    let n = 0;
    for (const [open, close] of [
      ['60000', '60900'],
      ['60500', '60100'],
      ['60200', '61400'],
      ['61000', '60700'],
    ] as const) {
      await s.admin('POST', '/admin/v1/clock', { advance_ms: 600_000 });
      await price(open);
      const order = { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.5' };
      expect((await s.sandboxCall('POST', `/v1/accounts/${accountId}/orders`, { key: sandboxKey, idempotencyKey: `rt-${++n}`, body: order })).status).toBe(201);
      await price(close);
      expect((await s.sandboxCall('DELETE', `/v1/accounts/${accountId}/positions/BTC-USD`, { key: sandboxKey, idempotencyKey: `rt-close-${n}` })).status).toBe(200);
    }
    await s.admin('POST', '/admin/v1/clock', { advance_ms: 600_000 });
    await price('60000');
    await go(`/accounts/${encodeURIComponent(accountId)}`);
    await eventually(() => page.locator('.stream').textContent()).toBe('Live');
    await page.getByLabel('Size').fill('0.05');
    await page.getByLabel('Take profit', { exact: true }).fill('64000');
    await page.getByLabel('Stop loss').fill('57000');
    await page.getByLabel('Trailing stop').check();
    await page.getByLabel('Trailing distance').fill('2000');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('preview');
    await eventually(() => preview.textContent()).toContain('Would fill now');
    // The preview judges the exits too: 0.05 BTC from 60,001 to the stop at 57,000 loses 150.05.
    expect(await page.getByTestId('risk-at-stop').textContent()).toContain('150.05');
    // Where the account's limits would be reached by the position after it: 0.05 BTC cannot lose the day's 5,000 at
    // any price, so the row is left out (a larger order shows it: rules-rulebooks.test.ts).
    expect(await page.getByTestId('breach-prices').count()).toBe(0);
    await screenshot(page, '06-ticket-preview');
    await page.getByRole('button', { name: 'Send buy' }).click();
    const row = page.locator('[data-testid=positions] tr[data-market="BTC-USD"]');
    await row.waitFor();
    expect(await row.locator('[data-testid=take-profit]').textContent()).toContain('64,000');
    // The stop starts at its price and trails the best last by 2,000 from there: 61,000 → 59,000.
    await price('61000');
    await eventually(() => row.locator('[data-testid=stop-loss]').textContent()).toContain('59,000');
    const orders = await s.sandboxCall('GET', `/v1/accounts/${accountId}/orders?status=filled`, { key: sandboxKey });
    expect(orders.body.data[0].origin).toBe('platform');
    await eventually(() => page.getByTestId('fills').textContent()).toContain('60,001');
    await page.mouse.move(0, 0);
    await page.evaluate('window.scrollTo(0, 0)');
    const shot = await screenshot(page, '07-account');
    // The README's picture is this page: RAMPART_UPDATE_DOCS_SCREENSHOT=1 puts a new one in place.
    if (process.env.RAMPART_UPDATE_DOCS_SCREENSHOT === '1') {
      mkdirSync(resolve(import.meta.dirname, '../../docs/img'), { recursive: true });
      copyFileSync(shot, resolve(import.meta.dirname, '../../docs/img/dashboard.png'));
    }
    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForTimeout(300);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    // The tables stack into cards on a phone: a row's buttons lie within the screen's width (nothing is scrolled
    // sideways here, so a button past a table's sideways scroll would lie beyond 375 px).
    for (const button of [row.getByRole('button', { name: 'Close BTC-USD position' }), page.getByTestId('orders').getByRole('button', { name: /^Cancel order / }).first()]) {
      const box = await button.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
    await screenshot(page, '08-account-375');
    // At 1280 px the positions table is wider than its column: the row's Close button stays within the card.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForTimeout(300);
    const closeBox = await row.getByRole('button', { name: 'Close BTC-USD position' }).boundingBox();
    const cardBox = await page.getByTestId('positions').boundingBox();
    expect(closeBox).not.toBeNull();
    expect(closeBox!.x + closeBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
    await screenshot(page, '08b-account-1280');
    await page.setViewportSize({ width: 1360, height: 900 });
    await page.getByRole('tab', { name: 'Events' }).click();
    await eventually(() => page.getByTestId('events').textContent()).toContain('position.opened');
  }, 45_000);

  it("moves the equity chart's last point with the account's equity: one live point moved, not one added per update", async () => {
    const chart = page.getByTestId('equity-chart');
    const equity = async () => (await s.sandboxCall('GET', `/v1/accounts/${accountId}`, { key: sandboxKey })).body.equity as string;
    // The opening balance and a point per closed trade, then the live point at the equity now (the position is open).
    const curve = await s.sandboxCall('GET', `/v1/accounts/${accountId}/history/equity?resolution=trade`, { key: sandboxKey });
    const points = curve.body.points.length + 1;
    await eventually(async () => Number(await chart.getAttribute('data-last'))).toBe(Number(await equity()));
    expect(Number(await chart.getAttribute('data-points'))).toBe(points);
    for (const last of ['60500', '61700']) {
      const before = await equity();
      await price(last);
      const now = await equity();
      expect(now).not.toBe(before);
      await eventually(async () => Number(await chart.getAttribute('data-last'))).toBe(Number(now));
      expect(Number(await chart.getAttribute('data-points'))).toBe(points);
      expect(await chart.getAttribute('aria-label')).toBe(`Equity curve, ${curve.body.points.length} points, and equity now: ${money(now)}`);
    }
    await page.locator('#equity').scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await screenshot(page, '07c-equity-live', false);
    await price('61000');
  }, 30_000);

  it('resumes the account stream with Last-Event-ID when its token is revoked', async () => {
    const resumed: string[] = [];
    const onRequest = (r: { url: () => string; headers: () => Record<string, string> }) => {
      const id = r.headers()['last-event-id'];
      if (r.url().includes(`/v1/accounts/${accountId}/stream`) && id) resumed.push(id);
    };
    page.on('request', onRequest);
    // The operator ends the page's dashboard token: the stream says so and closes; the page takes a new token and
    // continues after the last event it saw, so the order placed meanwhile reaches it.
    const tokens = await s.rawQuery<{ id: string }>(
      "SELECT id FROM credentials WHERE customer_id = ? AND kind = 'token' AND environment = 'sandbox' AND revoked_at IS NULL",
      [customerId],
    );
    expect(tokens.length).toBeGreaterThan(0);
    for (const t of tokens) expect((await s.admin('DELETE', `/admin/v1/tokens/${t.id}`)).status).toBe(200);
    const body = { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '58500', time_in_force: 'gtc' };
    const placed = await s.sandboxCall('POST', `/v1/accounts/${accountId}/orders`, { key: sandboxKey, idempotencyKey: 'while-away', body });
    expect(placed.status).toBe(201);
    await eventually(() => resumed.length).toBeGreaterThan(0);
    expect(resumed[0]).toMatch(/^evt_test_/);
    await eventually(() => page.locator('.stream').textContent()).toBe('Live');
    await eventually(() => page.locator(`[data-testid=orders] tr[data-order="${placed.body.id}"]`).count()).toBe(1);
    page.off('request', onRequest);
    expect((await s.sandboxCall('DELETE', `/v1/accounts/${accountId}/orders/${placed.body.id}`, { key: sandboxKey, idempotencyKey: 'while-away-cancel' })).status).toBe(200);
  }, 30_000);

  it('closes the position and cancels a resting order from the page', async () => {
    await page.getByRole('button', { name: 'Close BTC-USD position' }).click();
    await eventually(() => page.locator('#positions').textContent()).toContain('No open position.');
    await eventually(() => page.locator('#orders').textContent()).toContain('No working order.');
    await page.getByLabel('Type').selectOption('limit');
    await page.getByLabel('Limit price').fill('59000');
    for (const field of ['Take profit', 'Stop loss', 'Trailing distance']) await page.getByLabel(field, { exact: true }).fill('');
    await page.getByLabel('Trailing stop').uncheck();
    await page.getByRole('button', { name: 'Preview' }).click();
    await eventually(() => page.getByTestId('preview').textContent()).toContain('Would rest on the book');
    await page.getByRole('button', { name: 'Send buy' }).click();
    const order = page.locator('[data-testid=orders] tbody tr', { hasText: 'Limit' });
    await eventually(() => order.textContent()).toContain('59,000');
    await order.getByRole('button', { name: /Cancel order/ }).click();
    await eventually(() => page.locator('#orders').textContent()).toContain('No working order.');
  }, 30_000);

  it("shows one gauge per rule in force, read from the account's headroom list (a rulebook product's consistency among them)", async () => {
    const opened = await s.sandboxCall('POST', '/v1/accounts', { key: sandboxKey, idempotencyKey: 'rulebook-account', body: { product: 'eod-trailing-50k' } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(202);
    const id = opened.body.id as string;
    await s.settle();
    // One winning round trip: 0.5 BTC bought at 60,001, sold at 60,999 — the day's gain is the whole profit so far.
    await price('60000');
    const buy = { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.5' };
    expect((await s.sandboxCall('POST', `/v1/accounts/${id}/orders`, { key: sandboxKey, idempotencyKey: 'rulebook-buy', body: buy })).status).toBe(201);
    await price('61000');
    expect((await s.sandboxCall('DELETE', `/v1/accounts/${id}/positions/BTC-USD`, { key: sandboxKey, idempotencyKey: 'rulebook-close' })).status).toBe(200);
    const api = await s.sandboxCall('GET', `/v1/accounts/${id}`, { key: sandboxKey });
    expect(api.body.headroom.map((h: { rule: string }) => h.rule)).toEqual(['daily_loss', 'drawdown', 'profit_target', 'consistency', 'min_trading_days', 'inactivity_days']);
    expect(api.body.headroom.find((h: { rule: string }) => h.rule === 'consistency')).toEqual({ rule: 'consistency', unit: 'usd', limit: '234.375', value: '468.75', headroom: '0' });
    await go(`/accounts/${encodeURIComponent(id)}`);
    const gauges = page.locator('.gauges .gauge');
    await eventually(() => gauges.count()).toBe(6);
    expect(await page.locator('.gauges .gauge-head span:first-child').allTextContents()).toEqual(['Daily loss left', 'Drawdown room', 'Profit target', 'Best day', 'Trading days', 'Inactivity']);
    const best = page.getByRole('meter', { name: 'Best day' });
    expect(await best.getAttribute('aria-valuetext')).toBe('468.75; at most 234.38 (50% of profit)');
    expect(await best.getAttribute('class')).toContain('tone-bad'); // over its limit: the target would not pass yet
    expect(await page.getByRole('meter', { name: 'Trading days' }).getAttribute('aria-valuetext')).toBe('1 / 2; done of required');
    expect(await page.getByRole('meter', { name: 'Drawdown room' }).getAttribute('aria-valuetext')).toBe('2,468.75; floor at 48,000.00');
    // The ticket's preview says where the rule's limits would be reached by the position after the order.
    await page.getByLabel('Size').fill('0.5');
    await page.getByRole('button', { name: 'Preview' }).click();
    await eventually(() => page.getByTestId('preview').textContent()).toContain('Would fill now');
    expect(await page.getByTestId('breach-prices').textContent()).toMatch(/^daily loss [\d,.]+ · drawdown [\d,.]+$/);
    await page.mouse.move(0, 0);
    await screenshot(page, '07b-account-rulebook');
  }, 30_000);

  it('adds a webhook endpoint, its secret shown once', async () => {
    await go('/developers/webhooks');
    await page.getByLabel('Endpoint URL').fill('https://hooks.example.com/rampart');
    await page.getByLabel('fill.created').check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await eventually(() => page.locator('#secret-once').inputValue()).toMatch(/^whsec_/);
    await screenshot(page, '09-webhooks');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Deliveries' }).click();
    await eventually(() => page.locator('#webhooks-list').textContent()).toMatch(/No delivery yet|fill\.created/);
  }, 30_000);

  it('revokes a key, and the API refuses it', async () => {
    await go('/developers/keys');
    const row = page.locator('[data-testid=keys] tr', { hasText: 'bot one' });
    await row.getByRole('button', { name: /Revoke/ }).click();
    await row.getByRole('button', { name: 'Confirm revoke' }).click();
    await eventually(() => row.textContent()).toContain('revoked');
    await screenshot(page, '10-keys');
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: sandboxKey }), 401, 'revoked_api_key');
  }, 30_000);

  it('switches to Live, then changes the password and signs out', async () => {
    await page.getByRole('button', { name: 'Live', exact: true }).click();
    await go('/accounts');
    await eventually(() => page.locator('#accounts-list').textContent()).toContain('No live account yet');
    await screenshot(page, '11-accounts-live');
    await go('/settings');
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password').fill('another long passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await eventually(async () => `${await page.locator('#password-panel .ok-note').textContent()}${await page.locator('#password-panel .error-note').textContent()}`).toBe('Password changed.');
    await screenshot(page, '12-settings');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/sign-in');
  }, 30_000);

  it('signs in with the keyboard alone, and every page fits a 375 px phone', async () => {
    // The page focuses its main region once the sign-in page is shown: Tab from there (not before it).
    await eventually(() => page.evaluate('document.activeElement && document.activeElement.id')).toBe('main');
    await page.keyboard.press('Tab');
    await eventually(() => page.evaluate('document.activeElement && document.activeElement.id')).toBe('email');
    await page.keyboard.type(EMAIL);
    await page.keyboard.press('Tab');
    await page.keyboard.type('another long passphrase');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/accounts');
    await page.setViewportSize({ width: 375, height: 800 });
    for (const path of ['/accounts', '/developers/keys', '/developers/webhooks', '/settings']) {
      await go(path);
      await page.locator('h1').first().waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth'), path).toBeLessThanOrEqual(375);
    }
    await go('/developers/keys');
    await screenshot(page, '13-keys-375');
    expect(errors).toEqual([]);
  }, 30_000);

  it('trades live only after the emailed code: the ticket previews, asks for the code, then sends', async () => {
    await page.setViewportSize({ width: 1360, height: 900 });
    const opened = await s.admin('POST', `/admin/v1/customers/${customerId}/accounts`, { product: 'funded-100k' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    await s.settle();
    await price('60000');
    if ((await page.getByRole('button', { name: 'Live', exact: true }).getAttribute('aria-pressed')) !== 'true') {
      await page.getByRole('button', { name: 'Live', exact: true }).click();
    }
    await go(`/accounts/${encodeURIComponent(opened.body.id)}`);
    await page.getByLabel('Size').fill('0.01');
    await page.getByRole('button', { name: 'Preview' }).click();
    await eventually(() => page.getByTestId('preview').textContent()).toContain('Would fill now');
    // The live token only reads: no Send until the code is given.
    const send = page.getByRole('button', { name: 'Send buy' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await eventually(() => page.locator('#live-unlock .ok-note').textContent()).toBe('Code sent to a***@example.com.');
    await screenshot(page, '14-live-unlock');
    const code = /^Your Rampart code: (\d{6})$/.exec((await s.mailsTo(EMAIL))[0]?.subject ?? '')?.[1];
    expect(code).toBeDefined();
    await page.getByLabel('Emailed code', { exact: true }).fill(code!);
    await page.getByRole('button', { name: 'Unlock live trading' }).click();
    await page.locator('#live-unlock').waitFor({ state: 'detached' });
    await send.click();
    await eventually(() => page.locator('#ticket .ok-note').textContent()).toMatch(/^Order \S+ filled at 60,001/);
    expect(await s.rawQuery('SELECT status FROM orders WHERE account_id = ?', [opened.body.id])).toEqual([{ status: 'filled' }]);
    await screenshot(page, '15-live-traded');
    expect(errors).toEqual([]);
  }, 30_000);

  it('shows the signed-in user as a menu in the header: opens and closes from the keyboard and by a click elsewhere, leads to Settings and signs out', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await go('/accounts');
    const button = page.getByRole('button', { name: `Signed in as ${EMAIL}` });
    const menu = page.getByRole('menu');
    const focused = () => page.evaluate('document.activeElement && document.activeElement.textContent.trim()');
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    // Enter opens it on its first item; the arrows move round it; Escape closes it and focus is back on the button.
    await button.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByTestId('menu-user').textContent()).toBe(EMAIL);
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Settings', 'Sign out']);
    await eventually(focused).toBe('Settings');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Sign out');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Settings');
    await screenshot(page, '16-user-menu-1280', false);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await button.evaluate((b) => b === b.ownerDocument.activeElement)).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    // Space opens it too; a click elsewhere on the page closes it.
    await page.keyboard.press('Space');
    await menu.waitFor();
    await page.locator('h1').first().click();
    await menu.waitFor({ state: 'detached' });
    await button.click();
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    expect(await menu.count()).toBe(0);
    // On a phone the button is the avatar alone (still named by the address) and the open menu fits the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await button.click();
    await menu.waitFor();
    const box = await page.locator('.user-pop').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await screenshot(page, '17-user-menu-375', false);
    // Sign out from the menu (↑ opens it on its last item): back at the sign-in, and the session is over.
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowUp');
    await eventually(focused).toBe('Sign out');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/sign-in');
    expect(await page.evaluate(async () => (await fetch('/session')).status)).toBe(401);
    await page.setViewportSize({ width: 1360, height: 900 });
    expect(errors).toEqual([]);
  }, 30_000);
});
