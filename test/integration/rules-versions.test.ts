import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/server.js';
import { base, product, World, type Trader } from '../helpers/rules.js';

/**
 * Rulebook versions (docs/RULES.md "Rulebook versions") over HTTP: a product whose rule changes between two starts
 * gets a new version for new accounts only; an account keeps the version it was opened with until the operator moves
 * it to a newer one (an account.rule_version event says so), and is judged under that version's rule.
 */
const v1 = product('versioned', { daily_loss: { amount_usd: '1000', percent: null, basis: 'day_start_balance', action: 'fail_account' } });
const v2 = product('versioned', { daily_loss: { amount_usd: '2000', percent: null, basis: 'day_start_balance', action: 'fail_account' } });

let w: World;
beforeEach(async () => {
  w = await World.start([v1]);
});
afterEach(() => w.close());

const restartWith = (p: typeof v1) => w.s.restart(undefined, { products: [...base.products, p] });

async function productVersion(t: Trader): Promise<{ rule_version: number; rule: { daily_loss: { amount_usd: string } } }> {
  const r = await w.call(t, 'GET', '/v1/products');
  return r.body.data.find((p: { id: string }) => p.id === 'versioned');
}

describe('rulebook versions', () => {
  it('a changed product is a new version for new accounts; an account keeps its own until the operator moves it, with an event', async () => {
    const a = await w.open('versioned');
    expect(await productVersion(a)).toMatchObject({ rule_version: 1, rule: { daily_loss: { amount_usd: '1000' } } });
    expect((await w.account(a)).rule_version).toBe(1);

    await restartWith(v2);
    expect(await productVersion(a)).toMatchObject({ rule_version: 2, rule: { daily_loss: { amount_usd: '2000' } } });
    const old = await w.account(a);
    expect([old.rule_version, old.rule.daily_loss.amount_usd, old.metrics.daily_loss_limit_usd]).toEqual([1, '1000', '1000']);
    const b = await w.open('versioned');
    const fresh = await w.account(b);
    expect([fresh.rule_version, fresh.metrics.daily_loss_limit_usd]).toEqual([2, '2000']);
    // The same rule again at the next start: no new version.
    await restartWith(v2);
    expect((await productVersion(a)).rule_version).toBe(2);

    // The operator moves the old account: checked first (a newer version that exists), then judged under it.
    expectError(await w.s.admin('PATCH', `/admin/v1/accounts/${a.accountId}`, { rule_version: 1 }), 400, 'invalid_request', { field: 'rule_version' });
    expectError(await w.s.admin('PATCH', `/admin/v1/accounts/${a.accountId}`, { rule_version: 9 }), 400, 'invalid_request', { field: 'rule_version' });
    expectError(await w.s.admin('PATCH', '/admin/v1/accounts/SANDBOX-9999-1', { rule_version: 2 }), 404, 'account_not_found');
    expect((await w.account(a)).rule_version).toBe(1);
    const moved = await w.s.admin('PATCH', `/admin/v1/accounts/${a.accountId}`, { rule_version: 2 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect([moved.body.rule_version, moved.body.rule.daily_loss.amount_usd, moved.body.metrics.daily_loss_limit_usd]).toEqual([2, '2000', '2000']);
    const events = await w.call(a, 'GET', `/v1/events?account_id=${a.accountId}`);
    expect(events.body.data.filter((e: { type: string }) => e.type === 'account.rule_version')).toEqual([
      expect.objectContaining({ type: 'account.rule_version', source: 'platform', data: { product: 'versioned', from_version: 1, to_version: 2 } }),
    ]);
    // A loss of 1,500 in the day: version 1 would have failed the account; version 2 allows 2,000.
    await w.price('60000');
    await w.market(a, 'buy', '1'); // fee 30
    await w.price('58530'); // equity 98,500: 1,500 below the day's start
    await w.expectActive(a);
    await w.price('58030'); // 2,000
    await w.expectEnded(a, 'failed', 'daily_loss');
    // It stays on version 2 after a restart.
    await restartWith(v2);
    expect((await w.account(a)).rule_version).toBe(2);
  });
});
