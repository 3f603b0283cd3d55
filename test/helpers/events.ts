import { expect } from 'vitest';
import type { TestServer } from './server.js';

/** Follows GET /v1/events from `after` until has_more is false; returns the events and the last cursor. */
export async function pollEvents(s: TestServer, key: string, o: { accountId?: string; after?: string | null; limit?: number } = {}) {
  const events: any[] = [];
  let after = o.after ?? null;
  for (;;) {
    const q = new URLSearchParams();
    if (o.accountId) q.set('account_id', o.accountId);
    if (after) q.set('after', after);
    q.set('limit', String(o.limit ?? 100));
    const r = await s.sandboxCall('GET', `/v1/events?${q}`, { key });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    events.push(...r.body.data);
    expect(r.body.next_cursor).toBe(r.body.data.at(-1)?.id ?? after);
    after = r.body.next_cursor;
    if (!r.body.has_more) return { events, cursor: after };
    expect(r.body.data.length).toBe(o.limit ?? 100);
  }
}
