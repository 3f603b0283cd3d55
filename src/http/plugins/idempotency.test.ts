import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../engine/clock.js';
import type { IdempotencyClaim, IdempotencyRecord, Store, Tx } from '../../store/port.js';
import type { Principal } from './auth.js';
import { Idempotency, type Created } from './idempotency.js';

/** A store that can defer the claim (as PostgreSQL's group commit does), its records in a map. */
function deferringStore() {
  const records = new Map<string, IdempotencyRecord>();
  const claim = (key: string): IdempotencyClaim => ({ locked: true, prior: records.get(key) });
  const tx = {
    checkIdempotency: vi.fn(async (_lock: string, _scope: string, key: string, judge: (c: IdempotencyClaim) => void) => judge(claim(key))),
    claimIdempotency: vi.fn(async (_lock: string, _scope: string, key: string) => claim(key)),
    putIdempotency: vi.fn(async (r: IdempotencyRecord) => void records.set(r.key, r)),
  };
  const store = { transaction: <T>(fn: (t: Tx) => Promise<T>) => fn(tx as unknown as Tx) } as Pick<Store, 'transaction'>;
  return { store, tx, records };
}

const principal = { customer: { id: 'cus_1' }, environment: 'sandbox' } as unknown as Principal;
const request = (key: string) =>
  ({ method: 'POST', url: '/v1/accounts/acc_1/orders', body: { size: '1' }, headers: { 'idempotency-key': key }, raw: { headersDistinct: {} } }) as unknown as FastifyRequest;
function reply() {
  const r = { statusCode: 0, headers: {} as Record<string, string> };
  const api = { code: (s: number) => ((r.statusCode = s), api), header: (k: string, v: string) => ((r.headers[k] = v), api) };
  return { r, api: api as unknown as FastifyReply };
}

describe('Idempotency with a deferred claim', () => {
  it('claims a key this process recorded before the call runs: a retry never runs its command again', async () => {
    const { store, tx, records } = deferringStore();
    const idem = new Idempotency(store, new ManualClock(1_000), 86_400_000);
    idem.register('order', async (id) => ({ id, replayed: true }));
    let n = 0;
    const execute = vi.fn(async (): Promise<Created> => ({ status: 201, kind: 'order', id: `ord_${++n}`, view: { id: `ord_${n}` } }));

    const first = reply();
    expect(await idem.run(request('k-1'), first.api, principal, execute, { deferClaim: true })).toEqual({ id: 'ord_1' });
    expect([tx.checkIdempotency.mock.calls.length, tx.claimIdempotency.mock.calls.length, execute.mock.calls.length]).toEqual([1, 0, 1]);

    // The retry: claimed first, answered from the record; the command does not run.
    const retry = reply();
    expect(await idem.run(request('k-1'), retry.api, principal, execute, { deferClaim: true })).toEqual({ id: 'ord_1', replayed: true });
    expect([tx.checkIdempotency.mock.calls.length, tx.claimIdempotency.mock.calls.length, execute.mock.calls.length]).toEqual([1, 1, 1]);
    expect(retry.r).toEqual({ statusCode: 201, headers: { 'Idempotent-Replayed': 'true' } });

    // A new key is deferred again.
    await idem.run(request('k-2'), reply().api, principal, execute, { deferClaim: true });
    expect([tx.checkIdempotency.mock.calls.length, tx.claimIdempotency.mock.calls.length, execute.mock.calls.length]).toEqual([2, 1, 2]);

    // A key recorded elsewhere (another node) is deferred, and still answered from its record.
    records.set('k-3', { ...records.get('k-1')!, key: 'k-3', resource_id: 'ord_9' });
    const elsewhere = reply();
    expect(await idem.run(request('k-3'), elsewhere.api, principal, execute, { deferClaim: true })).toEqual({ id: 'ord_9', replayed: true });
    expect([tx.checkIdempotency.mock.calls.length, tx.claimIdempotency.mock.calls.length, execute.mock.calls.length]).toEqual([3, 1, 2]);
    expect(elsewhere.r.headers['Idempotent-Replayed']).toBe('true');
  });
});
