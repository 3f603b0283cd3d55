import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/helpers/server.js';
import { AuthenticationError, Rampart, type Event } from '../src/index.js';
import { client, orderOf, pricedServer, recordingFetch } from './support.js';

/**
 * The account stream as an async iterator against a started server: after a network drop it reconnects with
 * Last-Event-ID and gives the events made while it was away, none twice, in the order GET /v1/events lists them.
 */
let s: TestServer;
beforeAll(async () => {
  s = await pricedServer();
});
afterAll(async () => {
  await s.close();
});

/** A fetch whose stream responses can be cut (the body errors as a dropped connection does). */
function cuttable(): { fetch: typeof fetch; cut: () => void } {
  let current: ReadableStreamDefaultController<Uint8Array> | undefined;
  let source: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const wrapped = (async (url: string | URL | Request, init?: RequestInit) => {
    const res = await fetch(url, init);
    if (!res.headers.get('content-type')?.startsWith('text/event-stream') || !res.body) return res;
    const reader = res.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        current = controller;
        source = reader;
      },
      pull: async (controller) => {
        const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (chunk.done) controller.close();
        else controller.enqueue(chunk.value);
      },
    });
    return new Response(body, { status: res.status, headers: res.headers });
  }) as typeof fetch;
  return {
    fetch: wrapped,
    cut: () => {
      current?.error(new TypeError('terminated: other side closed'));
      void source?.cancel();
    },
  };
}

async function until(what: string, done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!done()) throw new Error(`timed out waiting for ${what}`);
}

describe('rampart.events.stream', () => {
  it('resumes with Last-Event-ID after a drop: the events made meanwhile arrive, none twice', async () => {
    const t = await s.trader();
    const net = cuttable();
    const seen: { method: string; path: string; headers: Headers }[] = [];
    const trader = client(s, t.key).rampart;
    const placeWhileAway: string[] = [];
    // The wait before reconnecting is when the client is away: an order is placed then.
    const { rampart, waits } = client(s, t.key, {
      fetch: recordingFetch(seen, net.fetch),
      sleep: async () => {
        const o = await trader.orders.place(t.accountId, { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59100' });
        placeWhileAway.push(o.id);
      },
    });
    const stream = rampart.events.stream(t.accountId);
    const got: Event[] = [];
    const reading = (async () => {
      for await (const e of stream) {
        got.push(e);
        if (got.length === 1) net.cut();
        if (got.length === 2) break;
      }
    })();
    await until('the stream to open', () => s.streamCount(t.accountId) === 1);
    const first = await trader.orders.place(t.accountId, { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000' });
    await reading;

    expect(got.map((e) => [e.type, orderOf(e)])).toEqual([
      ['order.created', first.id],
      ['order.created', placeWhileAway[0]],
    ]);
    expect(waits).toHaveLength(1);
    expect(stream.connections).toBe(2);
    const streams = seen.filter((r) => r.path.endsWith('/stream'));
    expect(streams[0]!.headers.get('last-event-id')).toBeNull();
    expect(streams[1]!.headers.get('last-event-id')).toBe(got[0]!.id);
    expect(stream.lastEventId).toBe(got[1]!.id);
    // The same events, in the same order, as the list gives.
    const listed = await trader.events.list({ account_id: t.accountId });
    expect(listed.data.map((e) => e.id)).toEqual(got.map((e) => e.id));
    await until('the stream to close', () => s.streamCount(t.accountId) === 0);
  });

  it('starts after `resume`, and ends with the refusal when the key is revoked', async () => {
    const t = await s.trader();
    const { rampart } = client(s, t.key);
    const a = await rampart.orders.place(t.accountId, { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000' });
    const b = await rampart.orders.place(t.accountId, { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59001' });
    const events = (await rampart.events.list({ account_id: t.accountId })).data;
    expect(events.map(orderOf)).toEqual([a.id, b.id]);
    const got: Event[] = [];
    const ended = (async () => {
      for await (const e of rampart.events.stream(t.accountId, { resume: events[0]!.id })) got.push(e);
    })().then(
      () => undefined,
      (err: unknown) => err,
    );
    await until('the event after the resume point', () => got.length === 1);
    expect(got[0]!.id).toBe(events[1]!.id);
    expect((await s.admin('DELETE', `/admin/v1/keys/${t.keyId}`)).status).toBe(200);
    await s.recheckStreams();
    const err = await ended;
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(err).toMatchObject({ code: 'revoked_api_key', status: 401 });
  });
});

describe('rampart.events.stream, the connection seen from the client', () => {
  /** A fetch answering each stream request with the next script: frames sent, then left open ('hang') or ended. */
  function scripted(scripts: { frames: string; then: 'hang' | 'end' }[], seen: Headers[]): typeof fetch {
    return (async (_url: string, init?: RequestInit) => {
      seen.push(new Headers(init?.headers));
      const script = scripts.shift()!;
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => {
          controller.enqueue(new TextEncoder().encode(script.frames));
          if (script.then === 'end') controller.close();
          else init?.signal?.addEventListener('abort', () => controller.error(init.signal!.reason));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }) as unknown as typeof fetch;
  }
  const frame = (id: string) => `id: ${id}\nevent: order.created\ndata: {"id":"${id}","type":"order.created","data":{"id":"ord_${id}"}}\n\n`;

  it('reconnects after a slow_consumer cut and after a silent connection, from the last event, after the retry: delay', async () => {
    const seen: Headers[] = [];
    const waits: number[] = [];
    const rampart = new Rampart({
      apiKey: 'rk_test_x',
      baseUrl: 'http://rampart.invalid',
      fetch: scripted(
        [
          { frames: `retry: 1500\n\n${frame('evt_test_1')}event: error\ndata: {"code":"slow_consumer"}\n\n`, then: 'hang' },
          { frames: `: heartbeat\n\n${frame('evt_test_2')}`, then: 'hang' },
          { frames: frame('evt_test_3'), then: 'end' },
        ],
        seen,
      ),
      sleep: async (ms) => void waits.push(ms),
    });
    const stream = rampart.events.stream('acc-1', { idleTimeoutMs: 50 });
    const ids: string[] = [];
    for await (const e of stream) {
      ids.push(e.id);
      if (ids.length === 3) break;
    }
    expect(ids).toEqual(['evt_test_1', 'evt_test_2', 'evt_test_3']);
    expect(seen.map((h) => h.get('last-event-id'))).toEqual([null, 'evt_test_1', 'evt_test_2']);
    expect(seen.every((h) => h.get('accept') === 'text/event-stream' && h.get('authorization') === 'Bearer rk_test_x')).toBe(true);
    expect(waits).toEqual([1500, 1500]);
  });
});
