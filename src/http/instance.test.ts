import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { ManualClock } from '../engine/clock.js';
import { createInstance } from './instance.js';

/** A listener whose log lines are kept, parsed. */
function listener() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  const app = createInstance(loadConfig({}), pino({ level: 'info' }, sink), 'live', new ManualClock(0));
  return { app, lines };
}

describe("a request's logger (made only when the request logs)", () => {
  it('binds the request id and the listener to what a failing request logs, and to its children', async () => {
    const { app, lines } = listener();
    app.get('/boom', () => {
      throw new Error('kaboom');
    });
    app.get('/note', (request) => {
      request.log.child({ step: 'two' }).warn('noted');
      return { level: request.log.level, id: request.id };
    });
    const boom = await app.inject({ method: 'GET', url: '/boom' });
    expect(boom.statusCode).toBe(500);
    const note = await app.inject({ method: 'GET', url: '/note' });
    const { level, id } = note.json<{ level: string; id: string }>();
    expect(level).toBe('info');
    expect(id).toMatch(/^req_/);
    const boomId = boom.json<{ error: { request_id: string } }>().error.request_id;
    expect(lines.map((l) => [l.msg, l.request_id, l.listener, l.step])).toEqual([
      ['unexpected error', boomId, 'live', undefined],
      ['noted', id, 'live', 'two'],
    ]);
    expect(boomId).not.toBe(id);
    await app.close();
  });
});
