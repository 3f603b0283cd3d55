import { describe, expect, it } from 'vitest';
import { RateLimiter, type Scope } from './rate-limit.js';

const CONFIG = {
  ip: { capacity: 5, refill_per_second: 10 },
  key: { capacity: 3, refill_per_second: 1 },
  account_orders: { capacity: 2, refill_per_second: 0.5 },
  oauth: { capacity: 4, refill_per_second: 2 },
  sign_in: { capacity: 2, refill_per_second: 0.2 },
} as const;

function limiter(start = 1_000_000) {
  const clock = { now: start };
  return { clock, rl: new RateLimiter(CONFIG, () => clock.now) };
}

describe('RateLimiter', () => {
  it.each(['ip', 'key', 'account_orders', 'oauth', 'sign_in'] as Scope[])('%s: a full bucket of capacity, spent one at a time, then refused', (scope) => {
    const { rl } = limiter();
    const { capacity, refill_per_second: rate } = CONFIG[scope];
    for (let i = 1; i <= capacity; i++) {
      const s = rl.spend(scope, 'a');
      expect(s).toEqual({ ok: true, scope, limit: capacity, remaining: capacity - i, reset: Math.ceil(i / rate), retryAfter: 0 });
    }
    const refused = rl.spend(scope, 'a');
    expect(refused.ok).toBe(false);
    expect(refused.remaining).toBe(0);
    expect(refused.limit).toBe(capacity);
    expect(refused.retryAfter).toBe(Math.max(1, Math.ceil(1 / rate)));
    expect(refused.reset).toBe(Math.ceil(capacity / rate));
  });

  it('key: refills at refill_per_second on the clock given, one request per second at 1/s', () => {
    const { rl, clock } = limiter();
    for (let i = 0; i < 3; i++) expect(rl.spend('key', 'k').ok).toBe(true);
    expect(rl.spend('key', 'k')).toMatchObject({ ok: false, retryAfter: 1 });
    clock.now += 500; // half a token
    expect(rl.spend('key', 'k')).toMatchObject({ ok: false, remaining: 0, retryAfter: 1, reset: 3 });
    clock.now += 500; // a whole token
    expect(rl.spend('key', 'k')).toMatchObject({ ok: true, remaining: 0 });
    expect(rl.spend('key', 'k').ok).toBe(false);
    clock.now += 2000;
    expect(rl.spend('key', 'k')).toMatchObject({ ok: true, remaining: 1, reset: 2 });
  });

  it('account_orders: a slow refill (0.5/s) gives Retry-After of 2 s and refuses until the token is whole', () => {
    const { rl, clock } = limiter();
    expect(rl.spend('account_orders', 'sandbox:A').ok).toBe(true);
    expect(rl.spend('account_orders', 'sandbox:A').ok).toBe(true);
    const refused = rl.spend('account_orders', 'sandbox:A');
    expect(refused).toMatchObject({ ok: false, retryAfter: 2, reset: 4 });
    clock.now += 1999;
    expect(rl.spend('account_orders', 'sandbox:A').ok).toBe(false);
    clock.now += 1;
    expect(rl.spend('account_orders', 'sandbox:A')).toMatchObject({ ok: true, remaining: 0 });
  });

  it('ip: a fast refill (10/s) rounds Retry-After up to at least 1 s', () => {
    const { rl, clock } = limiter();
    for (let i = 0; i < 5; i++) rl.spend('ip', '10.0.0.1');
    expect(rl.spend('ip', '10.0.0.1')).toMatchObject({ ok: false, retryAfter: 1, reset: 1 });
    clock.now += 100;
    expect(rl.spend('ip', '10.0.0.1')).toMatchObject({ ok: true, remaining: 0 });
  });

  it('never refills past capacity', () => {
    const { rl, clock } = limiter();
    rl.spend('key', 'k');
    clock.now += 3_600_000;
    expect(rl.spend('key', 'k')).toMatchObject({ ok: true, remaining: 2, reset: 1 });
  });

  it('keeps subjects and scopes apart', () => {
    const { rl } = limiter();
    for (let i = 0; i < 3; i++) rl.spend('key', 'k1');
    expect(rl.spend('key', 'k1').ok).toBe(false);
    expect(rl.spend('key', 'k2')).toMatchObject({ ok: true, remaining: 2 });
    // The same subject string in another scope is another bucket.
    expect(rl.spend('ip', 'k1')).toMatchObject({ ok: true, remaining: 4 });
    expect(rl.spend('account_orders', 'k1')).toMatchObject({ ok: true, remaining: 1 });
    // Accounts of the two environments are separate subjects.
    rl.spend('account_orders', 'live:1');
    rl.spend('account_orders', 'live:1');
    expect(rl.spend('account_orders', 'live:1').ok).toBe(false);
    expect(rl.spend('account_orders', 'sandbox:1').ok).toBe(true);
  });

  it('does not hand out tokens when the clock goes back', () => {
    const { rl, clock } = limiter();
    for (let i = 0; i < 3; i++) rl.spend('key', 'k');
    clock.now -= 10_000;
    expect(rl.spend('key', 'k').ok).toBe(false);
  });

  it('peek reports the budget without spending it', () => {
    const { rl, clock } = limiter();
    expect(rl.peek('ip', 'x')).toEqual({ ok: true, scope: 'ip', limit: 5, remaining: 5, reset: 0, retryAfter: 0 });
    rl.spend('ip', 'x');
    expect(rl.peek('ip', 'x')).toMatchObject({ ok: true, remaining: 4 });
    expect(rl.peek('ip', 'x')).toMatchObject({ ok: true, remaining: 4 });
    for (let i = 0; i < 4; i++) rl.spend('ip', 'x');
    expect(rl.peek('ip', 'x')).toMatchObject({ ok: false, remaining: 0, retryAfter: 1 });
    clock.now += 100;
    expect(rl.peek('ip', 'x')).toMatchObject({ ok: true, remaining: 1 });
  });

  it('keeps working across the sweep of idle buckets', () => {
    const { rl, clock } = limiter();
    for (let i = 0; i < 3; i++) rl.spend('key', 'idle');
    for (let i = 0; i < 3; i++) rl.spend('key', 'busy');
    clock.now += 61_000; // both full again: swept on the next spend
    expect(rl.spend('key', 'busy')).toMatchObject({ ok: true, remaining: 2 });
    expect(rl.spend('key', 'idle')).toMatchObject({ ok: true, remaining: 2 });
  });
});
