import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { FeedStatusBoard, type FeedSnapshot } from '../feed/feed-status.js';
import type { PriceFeed } from '../feed/quotes.js';
import { ClusterOps, type OpsTarget } from './ops.js';
import { FeedLeader } from './feed-leader.js';
import type { Lease } from './leases.js';

const halted = (reason: 'sources_disagree'): FeedSnapshot => ({ halts: [{ market: 'BTC-USD', reason, since: 1 }], sources: [] });
const liveLease = (epoch: number): Lease => ({ environment: 'live', partition: 0, epoch, since: 0, previousHeartbeatAt: null });

describe('the feed status handed between nodes is fenced by the feed leader epoch', () => {
  it('drops a status from an earlier leader, here and once this node leads itself', async () => {
    const board = new FeedStatusBoard();
    const ops = new ClusterOps({ markets: { feedStatus: board } } as unknown as OpsTarget, undefined, 1000, pino({ level: 'silent' }));
    await ops.apply({ kind: 'feed', snapshot: halted('sources_disagree'), epoch: 2 });
    expect(board.snapshot.halts.map((h) => h.reason)).toEqual(['sources_disagree']);
    // A late message from the leader before (epoch 1) changes nothing.
    await ops.apply({ kind: 'feed', snapshot: { halts: [], sources: [] }, epoch: 1 });
    expect(board.snapshot.halts.map((h) => h.reason)).toEqual(['sources_disagree']);
    // This node takes the lead at epoch 3: the epoch-2 leader's late word is stale now too.
    const feed: PriceFeed = { kind: 'exchanges', start: () => undefined, stop: () => undefined };
    new FeedLeader([{ feed, environment: 'live' }], ops, pino({ level: 'silent' })).update([liveLease(3)]);
    await ops.apply({ kind: 'feed', snapshot: { halts: [], sources: [] }, epoch: 2 });
    expect(board.snapshot.halts.map((h) => h.reason)).toEqual(['sources_disagree']);
    await ops.apply({ kind: 'feed', snapshot: { halts: [], sources: [] }, epoch: 4 });
    expect(board.snapshot.halts).toEqual([]);
  });
});
