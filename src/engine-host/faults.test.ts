import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { ManualClock } from '../engine/clock.js';
import type { Environment } from '../schemas/common.js';
import { FaultyEngine, UNCONFIRMED_SETTLE_MS } from './faults.js';
import type { EngineAnswer, EngineCommand, EnginePort, PlaceCommand } from './port.js';

const T0 = Date.parse('2026-03-02T12:00:00Z');
const log = { error: () => undefined } as unknown as FastifyBaseLogger;
const place: PlaceCommand = {
  kind: 'place',
  account_id: 'acc_1',
  order: { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000' },
  exits: { stop_loss: { price: '58000' } },
  actor: { key_id: 'key_1', fences: { markets: null, reduce_only: false, max_order_usd: null, max_position_usd: null, loss_stop_usd: '100' }, origin: 'api' },
};
const opts = { timeoutMs: 2000 };

/** An engine that answers every command at once and records what it was sent. */
function recordingEngine() {
  const sent: { env: Environment; cmd: EngineCommand }[] = [];
  const inner: EnginePort = {
    admit: () => Promise.resolve(),
    isUp: () => true,
    query: () => Promise.reject(new Error('not asked')),
    execute: (env, cmd) => {
      sent.push({ env, cmd });
      const result = cmd.kind === 'record_unconfirmed' ? { order_id: 'ord_shell' } : { order: { id: 'ord_1' } };
      return Promise.resolve({ outcome: 'done', result } as EngineAnswer<never>);
    },
  };
  return { inner, sent };
}

function setup() {
  const clock = new ManualClock(T0);
  const { inner, sent } = recordingEngine();
  return { clock, sent, engine: new FaultyEngine(inner, clock, log) };
}

afterEach(() => vi.useRealTimers());

describe('the fault decorator around the engine-host port', () => {
  it('passes every command through untouched while no fault is on', async () => {
    const { engine, sent } = setup();
    expect(await engine.execute('sandbox', place, opts)).toEqual({ outcome: 'done', result: { order: { id: 'ord_1' } } });
    expect(sent).toEqual([{ env: 'sandbox', cmd: place }]);
    expect(engine.isUp('live') && engine.isUp('sandbox')).toBe(true);
  });

  it('refuses engine_unavailable in the environment that is down only, and the engine is not reached', async () => {
    const { engine, sent } = setup();
    engine.set({ kind: 'engine_down', environment: 'sandbox', enabled: true });
    expect(await engine.execute('sandbox', place, opts)).toEqual({ outcome: 'rejected', rejection: { code: 'engine_unavailable' } });
    expect(engine.isUp('sandbox')).toBe(false);
    expect(engine.isUp('live')).toBe(true);
    expect(sent).toEqual([]);
    expect((await engine.execute('live', place, opts)).outcome).toBe('done');
    // The operator's restart goes through a down engine.
    expect((await engine.execute('sandbox', { kind: 'restart' }, opts)).outcome).toBe('done');
  });

  it('refuses engine_busy for every command while the queue is full, until cleared', async () => {
    const { engine, sent } = setup();
    engine.set({ kind: 'engine_busy', enabled: true });
    const cancel: EngineCommand = { kind: 'cancel_all', account_id: 'acc_1', market: null, markets: null };
    expect(await engine.execute('live', cancel, opts)).toEqual({ outcome: 'rejected', rejection: { code: 'engine_busy' } });
    expect(sent).toEqual([]);
    expect(engine.set({ kind: 'clear' })).toEqual({ down: { live: false, sandbox: false }, busy: false, answerDelayMs: 0, answerLost: false });
    expect((await engine.execute('live', cancel, opts)).outcome).toBe('done');
  });

  it('answers a lost placement with a timeout and settles it as never received when the clock passes one second', async () => {
    const { engine, sent, clock } = setup();
    engine.set({ kind: 'engine_lost', enabled: true });
    expect(await engine.execute('sandbox', place, opts)).toEqual({ outcome: 'timeout', order_id: 'ord_shell' });
    expect(sent).toEqual([{ env: 'sandbox', cmd: { kind: 'record_unconfirmed', place } }]);
    engine.set({ kind: 'clear' });
    clock.advance(UNCONFIRMED_SETTLE_MS - 1);
    expect(sent).toHaveLength(1);
    clock.advance(1);
    expect(sent[1]).toEqual({ env: 'sandbox', cmd: { kind: 'settle_unconfirmed', order_id: 'ord_shell', place, received: false } });
    clock.advance(10_000);
    expect(sent).toHaveLength(2);
  });

  it('answers a placement later than the wait with a timeout and places it when the late answer comes', async () => {
    const { engine, sent, clock } = setup();
    engine.set({ kind: 'engine_delay', ms: 2500 });
    expect(await engine.execute('sandbox', place, opts)).toEqual({ outcome: 'timeout', order_id: 'ord_shell' });
    clock.advance(2499);
    expect(sent).toHaveLength(1);
    clock.advance(1);
    expect(sent[1]!.cmd).toEqual({ kind: 'settle_unconfirmed', order_id: 'ord_shell', place, received: true });
  });

  it('leaves commands other than a placement to answer in time while answers are late or lost', async () => {
    const { engine, sent } = setup();
    engine.set({ kind: 'engine_lost', enabled: true });
    const close: EngineCommand = { kind: 'close_position', account_id: 'acc_1', market: 'BTC-USD', actor: place.actor };
    expect((await engine.execute('live', close, opts)).outcome).toBe('done');
    expect(sent).toEqual([{ env: 'live', cmd: close }]);
  });

  it('makes a placement answered within the wait only slower, before the caller opens its transaction', async () => {
    vi.useFakeTimers();
    const { engine, sent } = setup();
    engine.set({ kind: 'engine_delay', ms: 1500 });
    let admitted = false;
    const admission = engine.admit('live', place, opts).then(() => (admitted = true));
    await vi.advanceTimersByTimeAsync(1499);
    expect(admitted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await admission;
    expect(admitted).toBe(true);
    expect((await engine.execute('live', place, opts)).outcome).toBe('done');
    expect(sent.map((s) => s.cmd.kind)).toEqual(['place']);
  });

  it('sends the engine only plain data: every command it forwards survives a JSON round trip unchanged', async () => {
    const { engine, sent, clock } = setup();
    engine.set({ kind: 'engine_delay', ms: 2500 });
    await engine.execute('sandbox', place, opts);
    clock.advance(2500);
    expect(sent).toHaveLength(2);
    for (const { cmd } of sent) expect(JSON.parse(JSON.stringify(cmd))).toEqual(cmd);
  });
});
