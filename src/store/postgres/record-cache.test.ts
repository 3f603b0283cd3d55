import { describe, expect, it } from 'vitest';
import { RecordCache } from './record-cache.js';

type Row = { id: string; v: number };

/** A read the test answers when it likes: the row as PostgreSQL had it when the read was sent. */
function pending(): { read: () => Promise<Row | undefined>; answer: (r: Row) => void } {
  let answer!: (r: Row) => void;
  const p = new Promise<Row>((resolve) => (answer = resolve));
  return { read: () => p, answer };
}

const listening = (): RecordCache => {
  const c = new RecordCache();
  c.setListening(true);
  return c;
};

describe('record cache', () => {
  it('answers a second read from memory, frozen', async () => {
    const c = listening();
    let reads = 0;
    const read = async () => ({ id: 'a', v: ++reads });
    await c.get('accounts', 'a', read);
    const again = await c.get<Row>('accounts', 'a', read);
    expect(again).toEqual({ id: 'a', v: 1 });
    expect(Object.isFrozen(again)).toBe(true);
    expect(c.stats).toEqual({ hits: 1, misses: 1 });
  });

  it('does not keep a row read before a drop of its entry, or before a flush, answered after it', async () => {
    const c = listening();
    const first = pending();
    const got = c.get<Row>('accounts', 'a', first.read);
    c.drop('accounts', 'a');
    first.answer({ id: 'a', v: 1 });
    expect(await got).toEqual({ id: 'a', v: 1 });
    expect(await c.get<Row>('accounts', 'a', async () => ({ id: 'a', v: 2 }))).toEqual({ id: 'a', v: 2 });

    const second = pending();
    const got2 = c.get<Row>('customers', 'b', second.read);
    c.flush();
    second.answer({ id: 'b', v: 1 });
    await got2;
    expect(await c.get<Row>('customers', 'b', async () => ({ id: 'b', v: 2 }))).toEqual({ id: 'b', v: 2 });
  });

  it("keeps this node's own patch of a kept entry; a row read before its write is not kept", async () => {
    const c = listening();
    await c.get('accounts', 'a', async () => ({ id: 'a', v: 1 }));
    c.patch<Row>('accounts', 'a', (r) => ({ ...r, v: 5 }));
    expect(await c.get<Row>('accounts', 'a', async () => ({ id: 'a', v: 0 }))).toEqual({ id: 'a', v: 5 });

    const stale = pending();
    const inFlight = c.get<Row>('accounts', 'b', stale.read);
    c.patch<Row>('accounts', 'b', (r) => ({ ...r, v: 6 }));
    stale.answer({ id: 'b', v: 0 });
    await inFlight;
    expect(await c.get<Row>('accounts', 'b', async () => ({ id: 'b', v: 6 }))).toEqual({ id: 'b', v: 6 });
  });

  it('keeps nothing while not listening, and drops what it held when it stops', async () => {
    const c = listening();
    await c.get('credentials', 'h', async () => ({ id: 'k', v: 1 }));
    c.setListening(false);
    expect(await c.get<Row>('credentials', 'h', async () => ({ id: 'k', v: 2 }))).toEqual({ id: 'k', v: 2 });
    expect(await c.get<Row>('credentials', 'h', async () => ({ id: 'k', v: 3 }))).toEqual({ id: 'k', v: 3 });
    c.patch<Row>('credentials', 'h', (r) => ({ ...r, v: 9 }));
    c.settled('credentials', 'h');
    c.setListening(true);
    expect(await c.get<Row>('credentials', 'h', async () => ({ id: 'k', v: 4 }))).toEqual({ id: 'k', v: 4 });
    expect(await c.get<Row>('credentials', 'h', async () => ({ id: 'k', v: 5 }))).toEqual({ id: 'k', v: 4 });
  });

  it("keeps no row read while this node's own write of it is not over, nor one read before it ended", async () => {
    // The entry is not kept when this node writes the row (an account just opened, say): the write is not committed
    // yet, so PostgreSQL answers a read with the row as it was, and this node skips its own write's notice.
    const c = listening();
    c.patch<Row>('accounts', 'a', (r) => ({ ...r, v: 2 }));
    expect(await c.get<Row>('accounts', 'a', async () => ({ id: 'a', v: 1 }))).toEqual({ id: 'a', v: 1 });
    const across = pending();
    const inFlight = c.get<Row>('accounts', 'a', across.read);
    c.settled('accounts', 'a');
    across.answer({ id: 'a', v: 1 });
    await inFlight;
    // Neither the read during the write nor the one sent before it ended was kept: the next read goes to PostgreSQL.
    expect(await c.get<Row>('accounts', 'a', async () => ({ id: 'a', v: 2 }))).toEqual({ id: 'a', v: 2 });
    expect(await c.get<Row>('accounts', 'a', async () => ({ id: 'a', v: 3 }))).toEqual({ id: 'a', v: 2 });
    expect(c.stats).toEqual({ hits: 1, misses: 3 });
  });
});
