import type { Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { checkingInterval } from '../../src/http/instance.js';
import { TestServer } from '../helpers/server.js';

/**
 * Slow clients (slowloris, issue 7): a client that sends its headers or its body too slowly, or holds an idle
 * connection, is cut off within the configured bound — not half a minute later — with the envelope when the
 * request had not been answered, and a client sending nothing in time creates nothing. These tests wait on the
 * wall clock by nature; the bounds are small here (the defaults are in config/limits.json).
 */

const TIMEOUTS = { headers_ms: 500, request_ms: 1000, keep_alive_ms: 500 };
/** Node sweeps connections at an interval: the bound plus one sweep, plus scheduling slack on a loaded machine. */
const SLACK_MS = checkingInterval(TIMEOUTS) + 700;

let s: TestServer;
let key: string;

beforeAll(async () => {
  s = await TestServer.start({ limits: { timeouts: TIMEOUTS } });
  key = (await s.trader()).key;
});
afterAll(() => s.close());

interface Held {
  ms: number;
  text: string;
}

/**
 * Opens a connection, writes `data` at once, then `drip` a byte every `dripMs`, and reads until the server closes
 * the connection.
 */
function hold(base: string, data: string, drip = '', dripMs = 100): Promise<Held> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    let text = '';
    let timer: NodeJS.Timeout | undefined;
    const sock = connect(Number(url.port), url.hostname, () => {
      if (data) sock.write(data);
      let i = 0;
      if (drip) {
        timer = setInterval(() => {
          if (i < drip.length && !sock.destroyed) sock.write(drip[i++]!);
        }, dripMs);
      }
    });
    const guard = setTimeout(() => {
      sock.destroy();
      reject(new Error(`still open after 20 s: ${JSON.stringify(data.slice(0, 60))}`));
    }, 20_000);
    sock.on('data', (c: Buffer) => (text += c.toString('utf8')));
    sock.on('error', () => undefined);
    sock.on('close', () => {
      clearTimeout(guard);
      if (timer) clearInterval(timer);
      resolve({ ms: Date.now() - t0, text });
    });
  });
}

/** The connection was answered with the envelope (400 invalid_request: the catalogue has no 408). */
function expectTimedOutEnvelope(h: Held): void {
  const [head, body] = [h.text.slice(0, h.text.indexOf('\r\n\r\n')), h.text.slice(h.text.indexOf('\r\n\r\n') + 4)];
  expect(head, h.text).toMatch(/^HTTP\/1\.1 400 /);
  expect(head).toMatch(/x-request-id: req_/i);
  const parsed = JSON.parse(body);
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(parsed.error).toMatchObject({ code: 'invalid_request', type: 'invalid_request', retryable: false });
  expect(parsed.error.message).toMatch(/not received in time/);
}

const post = (k: string, idem: string, length: number) =>
  `POST /v1/accounts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${k}\r\nIdempotency-Key: ${idem}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('slow clients', () => {
  it('every listener has header, request and keep-alive timeouts set, by default too', () => {
    const defaults = loadConfig({}).limits.timeouts;
    for (const v of Object.values(defaults)) expect(v).toBeGreaterThan(0);
    expect(defaults.headers_ms).toBeLessThanOrEqual(defaults.request_ms);
    for (const app of [s.app.live, s.app.sandbox, s.app.admin]) {
      const server = app.server as Server;
      expect(server.headersTimeout).toBe(TIMEOUTS.headers_ms);
      expect(server.requestTimeout).toBe(TIMEOUTS.request_ms);
      expect(server.keepAliveTimeout).toBe(TIMEOUTS.keep_alive_ms);
    }
  });

  it('cuts off half-sent headers within headers_ms, on every listener, with the envelope', async () => {
    const half = 'GET /v1/markets HTTP/1.1\r\nHost: x\r\nX-Slow: ';
    const held = await Promise.all([s.url.live, s.url.sandbox, s.url.admin].map((base) => hold(base, half)));
    for (const h of held) {
      expect(h.ms).toBeGreaterThanOrEqual(TIMEOUTS.headers_ms - 50);
      expect(h.ms).toBeLessThan(TIMEOUTS.headers_ms + SLACK_MS);
      expectTimedOutEnvelope(h);
    }
  });

  it('cuts off headers that trickle in a byte at a time, however long they keep coming', async () => {
    const h = await hold(s.url.sandbox, '', `GET /v1/markets HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(400)}\r\n\r\n`, 25);
    expect(h.ms).toBeLessThan(TIMEOUTS.headers_ms + SLACK_MS);
    expectTimedOutEnvelope(h);
  });

  it('cuts off a body that stops or trickles within request_ms, and opens nothing', async () => {
    const before = (await s.sandboxCall('GET', '/v1/accounts', { key })).body.data.length;
    const body = '{"product":"evaluation-50k"}';
    const [stalled, trickled] = await Promise.all([
      hold(s.url.sandbox, `${post(key, 'slow-1', body.length)}{"product":`),
      // Headers at once, then the body a byte every 100 ms: it would take 2.7 s.
      hold(s.url.sandbox, post(key, 'slow-2', body.length), body, 100),
    ]);
    for (const h of [stalled, trickled]) {
      expect(h.ms).toBeGreaterThanOrEqual(TIMEOUTS.request_ms - 50);
      expect(h.ms).toBeLessThan(TIMEOUTS.request_ms + SLACK_MS);
      expectTimedOutEnvelope(h);
    }
    expect((await s.sandboxCall('GET', '/v1/accounts', { key })).body.data).toHaveLength(before);
  });

  it('closes an idle keep-alive connection after keep_alive_ms', async () => {
    const h = await hold(s.url.sandbox, `GET /v1/markets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n\r\n`);
    expect(h.text).toMatch(/^HTTP\/1\.1 200 /);
    // Node adds up to a second to the keep-alive timeout on the socket, so a client's own timer fires first.
    expect(h.ms).toBeLessThan(TIMEOUTS.keep_alive_ms + 1000 + SLACK_MS);
  });

  it('goes on answering others while many slow clients hang', async () => {
    const hanging = Array.from({ length: 50 }, () => hold(s.url.sandbox, 'GET /v1/markets HTTP/1.1\r\nHost: x\r\n'));
    await new Promise((r) => setTimeout(r, 100));
    const t0 = Date.now();
    const r = await s.sandboxCall('GET', '/v1/markets', { key });
    expect(r.status).toBe(200);
    expect(Date.now() - t0).toBeLessThan(TIMEOUTS.headers_ms);
    for (const h of await Promise.all(hanging)) expect(h.ms).toBeLessThan(TIMEOUTS.headers_ms + SLACK_MS);
  });
});
