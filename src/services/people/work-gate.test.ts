import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors/api-error.js';
import { WorkGate } from './work-gate.js';

/** A job that ends when the test says so. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { job: () => done, release };
}

describe('WorkGate', () => {
  it('runs at most maxInFlight jobs, queues maxQueued, refuses the rest with 503 capacity, and hands slots on in order', async () => {
    const gate = new WorkGate(2, 1, 'busy');
    const jobs = [held(), held(), held()];
    const order: number[] = [];
    const runs = jobs.map((j, i) => gate.run(async () => (await j.job(), order.push(i))));
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    const refused = await gate.run(async () => 'never').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'capacity', message: 'busy', retryAfter: 1, status: 503 });
    jobs[1]!.release();
    await runs[1];
    // The waiting job took the freed slot: still two running, none waiting.
    expect(gate.load).toEqual({ running: 2, waiting: 0 });
    jobs[0]!.release();
    jobs[2]!.release();
    await Promise.all(runs);
    expect(order).toEqual([1, 0, 2]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a job that fails', async () => {
    const gate = new WorkGate(1, 0, 'busy');
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'ok')).toBe('ok');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});
