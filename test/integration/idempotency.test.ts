import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/http/plugins/idempotency.js';
import { expectError, TestServer, type Answer } from '../helpers/server.js';

let s: TestServer;

beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(() => s.close());
afterEach(async () => {
  // A failed assertion must not leave a fault or a closed switch behind for the next test.
  await s.fault({ kind: 'clear' });
  await s.admin('PATCH', '/admin/v1/environments/sandbox', { sandbox_opening: true });
});

/** POST /v1/accounts with the given Idempotency-Key (none when undefined) and body (none when undefined). */
function open(srv: TestServer, key: string, idempotencyKey: string | undefined, body?: unknown): Promise<Answer> {
  return srv.sandboxCall('POST', '/v1/accounts', {
    key,
    ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
    ...(body !== undefined ? { body } : {}),
  });
}

async function accountIds(srv: TestServer, key: string): Promise<string[]> {
  const r = await srv.sandboxCall('GET', '/v1/accounts', { key });
  expect(r.status).toBe(200);
  return r.body.data.map((a: { id: string }) => a.id);
}

function expectOpened(r: Answer, id?: string): void {
  expect(r.status, JSON.stringify(r.body)).toBe(202);
  if (id !== undefined) expect(r.body.id).toBe(id);
  expect(r.headers.get('location')).toBe(`/v1/accounts/${r.body.id}`);
}

describe('Idempotency-Key on POST /v1/accounts', () => {
  it('replays the first status and id, with the account as it is now', async () => {
    const t = await s.trader();
    const first = await open(s, t.key, 'replay-1');
    expectOpened(first, `SANDBOX-${t.customer.number}-2`);
    expect(first.body.status).toBe('pending');
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    await s.settle();
    const again = await open(s, t.key, 'replay-1');
    expectOpened(again, first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.status).toBe('active');
    const now = await s.sandboxCall('GET', `/v1/accounts/${first.body.id}`, { key: t.key });
    expect(again.body).toEqual(now.body);

    expect(await accountIds(s, t.key)).toEqual([t.accountId, first.body.id]);
  });

  it('refuses the same key with a different body (idempotency_key_reused) and creates nothing', async () => {
    const t = await s.trader();
    const first = await open(s, t.key, 'reused-1');
    expectOpened(first);
    await s.settle();
    const r = await open(s, t.key, 'reused-1', { product: 'evaluation-50k' });
    expectError(r, 422, 'idempotency_key_reused');
    expect(r.headers.get('idempotent-replayed')).toBeNull();
    expect(r.body.error.type).toBe('rule_rejection');
    expect(r.body.error.retryable).toBe(false);
    await s.settle();
    expect(await accountIds(s, t.key)).toEqual([t.accountId, first.body.id]);
  });

  it('fingerprints the canonical JSON: formatting and key order do not matter, values do', async () => {
    // POST /v1/accounts takes one field, so key order is checked on the canonical form the fingerprint hashes.
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(canonicalJson({ a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 }));
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
    expect(canonicalJson({ a: '1' })).not.toBe(canonicalJson({ a: 1 }));

    const t = await s.trader();
    const first = await s.sandboxCall('POST', '/v1/accounts', { key: t.key, idempotencyKey: 'fmt-1', raw: '{"product":"evaluation-50k"}' });
    expectOpened(first);
    await s.settle();
    const again = await s.sandboxCall('POST', '/v1/accounts', { key: t.key, idempotencyKey: 'fmt-1', raw: '{\n  "product" :  "evaluation-50k"\n}\n' });
    expectOpened(again, first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await accountIds(s, t.key)).toHaveLength(2);
  });

  it('requires the header (idempotency_key_required)', async () => {
    const t = await s.trader();
    const r = await open(s, t.key, undefined);
    expectError(r, 400, 'idempotency_key_required');
    expect(r.body.error.retryable).toBe(false);
    expect(await accountIds(s, t.key)).toEqual([t.accountId]);
  });

  it('refuses an empty, too long or non-printable key (invalid_idempotency_key) and takes 128 printable characters', async () => {
    const t = await s.trader();
    // fetch sends every one of these as is; details.reason shows what the server received.
    expectError(await open(s, t.key, ''), 400, 'invalid_idempotency_key', { reason: 'empty' });
    expectError(await open(s, t.key, 'k'.repeat(129)), 400, 'invalid_idempotency_key', { reason: 'longer than 128 characters' });
    expectError(await open(s, t.key, 'tab\there'), 400, 'invalid_idempotency_key', { reason: 'characters that are not printable ASCII' });
    // U+00E9 goes out as the single latin1 byte 0xE9 and arrives as "é".
    expectError(await open(s, t.key, 'caf\u00e9'), 400, 'invalid_idempotency_key', { reason: 'characters that are not printable ASCII' });
    expect(await accountIds(s, t.key)).toEqual([t.accountId]);

    // Every printable ASCII punctuation mark, a space inside (fetch trims leading and trailing ones), 128 in all.
    const printable = 'A !"#$%&\'()*+,-./09:;<=>?@[\\]^_`az{|}~';
    const longest = printable + 'z'.repeat(128 - printable.length);
    expect(longest).toHaveLength(128);
    const ok = await open(s, t.key, longest);
    expectOpened(ok);
    await s.settle();
    const again = await open(s, t.key, longest);
    expectOpened(again, ok.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  // Without a delay each request runs through in one go; with one, the twenty overlap inside the store.
  it.each([0, 100])('opens exactly one account for 20 simultaneous identical requests (store delay %i ms)', async (ms) => {
    const t = await s.trader();
    const before = await accountIds(s, t.key);
    if (ms > 0) await s.fault({ kind: 'store_delay', ms });
    const answers = await Promise.all(Array.from({ length: 20 }, () => open(s, t.key, 'burst-1')));
    await s.fault({ kind: 'clear' });
    const opened = answers.filter((r) => r.status === 202);
    expect(opened.length).toBeGreaterThanOrEqual(1);
    const id = opened[0]!.body.id;
    for (const r of answers) {
      if (r.status === 202) expectOpened(r, id);
      else expectError(r, 409, 'operation_in_progress');
    }
    // One answer opened it; every other 202 is a replay.
    expect(opened.filter((r) => r.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);
    await s.settle();
    expect(await accountIds(s, t.key)).toEqual([...before, id]);
  });

  it('answers operation_in_progress while the first request is still running', async () => {
    const t = await s.trader();
    // Every store operation now waits 300 ms: the first request is still inside its transaction when the second arrives.
    await s.fault({ kind: 'store_delay', ms: 300 });
    // Both to one node: "still running" is that node's request (with several nodes, the key's lock is held only
    // for the first one's transaction, and a second arriving after it commits is a replay — the test above).
    const first = s.nodes[0]!.url.sandbox;
    const slow = () => s.call(first, 'POST', '/v1/accounts', { key: t.key, idempotencyKey: 'slow-1' });
    const answers = await Promise.all([slow(), slow()]);
    await s.fault({ kind: 'clear' });
    const [done, busy] = [...answers].sort((a, b) => a.status - b.status);
    expectOpened(done!);
    expectError(busy!, 409, 'operation_in_progress');
    expect(busy!.body.error.type).toBe('conflict');
    expect(busy!.body.error.retryable).toBe(true);
    expect(Number(busy!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    await s.settle();
    const again = await open(s, t.key, 'slow-1');
    expectOpened(again, done!.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await accountIds(s, t.key)).toEqual([t.accountId, done!.body.id]);
  });

  it('scopes keys per customer', async () => {
    const a = await s.trader();
    const b = await s.trader();
    const ra = await open(s, a.key, 'shared-key');
    await s.settle();
    const rb = await open(s, b.key, 'shared-key');
    expectOpened(ra, `SANDBOX-${a.customer.number}-2`);
    expectOpened(rb, `SANDBOX-${b.customer.number}-2`);
    expect(rb.headers.get('idempotent-replayed')).toBeNull();
    await s.settle();
    expect(await accountIds(s, a.key)).toEqual([a.accountId, ra.body.id]);
    expect(await accountIds(s, b.key)).toEqual([b.accountId, rb.body.id]);
  });

  it('does not store retryable refusals or refusals before execution', async () => {
    const t = await s.trader();
    // sandbox_opening (409, retryable): the key is free again once the pending account is open.
    await s.fault({ kind: 'engine_down', environment: 'sandbox', enabled: true });
    const pending = await open(s, t.key, 'retry-a');
    expectOpened(pending);
    expect(pending.body.status).toBe('pending');
    const refused = await open(s, t.key, 'retry-b');
    expectError(refused, 409, 'sandbox_opening', { account_id: pending.body.id });
    expect(refused.body.error.retryable).toBe(true);
    await s.fault({ kind: 'clear' });
    await s.settle();
    const retried = await open(s, t.key, 'retry-b');
    expectOpened(retried);
    expect(retried.body.id).not.toBe(pending.body.id);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    await s.settle();

    // sandbox_disabled (503): refused before execution, never stored.
    await s.admin('PATCH', '/admin/v1/environments/sandbox', { sandbox_opening: false });
    expectError(await open(s, t.key, 'retry-c'), 503, 'sandbox_disabled');
    await s.admin('PATCH', '/admin/v1/environments/sandbox', { sandbox_opening: true });
    const reopened = await open(s, t.key, 'retry-c');
    expectOpened(reopened);
    expect(reopened.headers.get('idempotent-replayed')).toBeNull();
    await s.settle();

    // invalid_request (400, an unknown product): the same key then takes another body.
    expectError(await open(s, t.key, 'retry-d', { product: 'no-such-product' }), 400, 'invalid_request', { field: 'product' });
    const fixed = await open(s, t.key, 'retry-d', { product: 'evaluation-50k' });
    expectOpened(fixed);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    await s.settle();

    expect(await accountIds(s, t.key)).toEqual([t.accountId, pending.body.id, retried.body.id, reopened.body.id, fixed.body.id]);
  });
});

describe('stored refusals and expiry (own server: these fill a customer and move the clock)', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await TestServer.start();
  });
  afterAll(() => srv.close());

  it('replays a stored non-retryable refusal (sandbox_limit_reached) as the same error', async () => {
    const t = await srv.trader();
    for (let i = 2; i <= 10; i++) {
      expectOpened(await open(srv, t.key, `fill-${i}`), `SANDBOX-${t.customer.number}-${i}`);
      await srv.settle();
    }
    const first = await open(srv, t.key, 'over-1');
    expectError(first, 409, 'sandbox_limit_reached', { limit: 10, used: 10 });
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    const again = await open(srv, t.key, 'over-1');
    expectError(again, 409, 'sandbox_limit_reached', { limit: 10, used: 10 });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.error.message).toBe(first.body.error.message);
    expect(again.body.error.request_id).not.toBe(first.body.error.request_id);

    // The stored refusal still has its fingerprint.
    expectError(await open(srv, t.key, 'over-1', { product: 'evaluation-50k' }), 422, 'idempotency_key_reused');
    expect(await accountIds(srv, t.key)).toHaveLength(10);
  });

  it('keeps a key 24 hours; after that the same request opens a new account', async () => {
    const t = await srv.trader();
    const first = await open(srv, t.key, 'day-1');
    expectOpened(first);
    await srv.settle();

    expect((await srv.admin('POST', '/admin/v1/clock', { advance_ms: 86_400_000 - 1 })).status).toBe(200);
    const within = await open(srv, t.key, 'day-1');
    expectOpened(within, first.body.id);
    expect(within.headers.get('idempotent-replayed')).toBe('true');

    expect((await srv.admin('POST', '/admin/v1/clock', { advance_ms: 2 })).status).toBe(200);
    const later = await open(srv, t.key, 'day-1');
    expectOpened(later, `SANDBOX-${t.customer.number}-3`);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    await srv.settle();

    // The key now stands for the new account.
    const replay = await open(srv, t.key, 'day-1');
    expectOpened(replay, later.body.id);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await accountIds(srv, t.key)).toEqual([t.accountId, first.body.id, later.body.id]);
  });
});
