import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseDec, type Dec } from '../engine/decimal.js';
import type { PriceFeed, Quote } from '../feed/quotes.js';
import { FeedLeader } from './feed-leader.js';
import type { Lease } from './leases.js';
import type { ClusterOp, ClusterOps } from './ops.js';

const log = { info: () => undefined } as unknown as FastifyBaseLogger;
const lease = (environment: 'live' | 'sandbox', partition: number): Lease => ({ environment, partition, epoch: 1, since: 0, previousHeartbeatAt: null });
const price = (p: string) => parseDec(p) as Dec;
const quote = (market: string, p: string): Quote => ({ market, bid: price(p), ask: price(p), last: price(p), time: 0 });

class FakeFeed implements PriceFeed {
  readonly kind = 'replay' as const;
  running = false;
  start(): void {
    this.running = true;
  }
  stop(): void {
    this.running = false;
  }
}

/** The fan-out as the leader sees it: who is alive, and what each node was sent (a node in `down` applies nothing). */
function fakeOps(alive: string[], down = new Set<string>()) {
  const sent: { to: string; op: ClusterOp }[] = [];
  const ops = {
    feedEpoch: () => undefined,
    otherNodes: async () => [...alive],
    others: async (op: ClusterOp, only?: readonly string[]) => {
      const to = only ?? alive;
      for (const n of to) sent.push({ to: n, op });
      return to.filter((n) => !down.has(n));
    },
  };
  return { ops: ops as unknown as ClusterOps, sent };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('FeedLeader', () => {
  it('runs every feed while it holds live/0, and hands quotes on with their environment', async () => {
    const live = new FakeFeed();
    const sandbox = new FakeFeed();
    const { ops, sent } = fakeOps(['b']);
    const leader = new FeedLeader([{ feed: live, environment: 'live' }, { feed: sandbox, environment: 'sandbox' }], ops, log);
    leader.update([lease('sandbox', 0)]);
    expect([live.running, sandbox.running]).toEqual([false, false]);
    leader.update([lease('live', 0)]);
    expect([live.running, sandbox.running]).toEqual([true, true]);
    leader.handOn(quote('BTC-USD', '50000'), 'sandbox');
    await settle();
    expect(sent).toEqual([{ to: 'b', op: { kind: 'price', market: 'BTC-USD', bid: '50000', ask: '50000', last: '50000', environment: 'sandbox' } }]);
    leader.update([]);
    expect([live.running, sandbox.running]).toEqual([false, false]);
  });

  it('hands a book that is not stored to each node that joins, once, and again to one that did not apply it', async () => {
    const book = [quote('BTC-USD', '50000'), quote('ETH-USD', '2500')];
    const alive = ['b'];
    const down = new Set(['c']);
    const { ops, sent } = fakeOps(alive, down);
    const leader = new FeedLeader([{ feed: new FakeFeed(), environment: 'live' }, { feed: new FakeFeed(), environment: 'sandbox', latest: () => book }], ops, log);
    const round = async () => {
      leader.update([lease('live', 0)]);
      await settle();
      await settle();
    };
    await round();
    expect(sent.map((s) => [s.to, s.op.kind === 'price' && s.op.market, s.op.kind === 'price' && s.op.environment])).toEqual([
      ['b', 'BTC-USD', 'sandbox'],
      ['b', 'ETH-USD', 'sandbox'],
    ]);
    sent.length = 0;
    await round();
    expect(sent).toEqual([]);
    // A node joins: it alone is told; while it does not apply them, it is told again each round.
    alive.push('c');
    await round();
    expect(sent.map((s) => s.to)).toEqual(['c', 'c']);
    down.delete('c');
    await round();
    expect(sent.map((s) => s.to)).toEqual(['c', 'c', 'c', 'c']);
    sent.length = 0;
    await round();
    expect(sent).toEqual([]);
    // A node that does not lead tells nobody.
    leader.update([]);
    alive.push('d');
    await settle();
    expect(sent).toEqual([]);
  });

  it("hands the exchanges feed's latest status (its halts) to a node that joins, fenced by the lease epoch", async () => {
    const alive = ['b'];
    const { ops, sent } = fakeOps(alive);
    const leader = new FeedLeader([{ feed: new FakeFeed(), environment: 'live' }], ops, log);
    const round = async () => {
      leader.update([lease('live', 0)]);
      await settle();
      await settle();
    };
    await round();
    const status = { halts: [{ market: 'BTC-USD', reason: 'sources_disagree' as const, since: 5 }], sources: [] };
    leader.handStatus(status);
    await settle();
    expect(sent).toEqual([{ to: 'b', op: { kind: 'feed', snapshot: status, epoch: lease('live', 0).epoch } }]);
    // The next round tells each node once what it may have missed (b, already told, hears it again); then nobody.
    await round();
    sent.length = 0;
    await round();
    expect(sent).toEqual([]);
    // c joins: it alone is told the halt, at its first round.
    alive.push('c');
    await round();
    expect(sent).toEqual([{ to: 'c', op: { kind: 'feed', snapshot: status, epoch: lease('live', 0).epoch } }]);
  });
});
