import { describe, expect, it } from 'vitest';
import type { Environment } from '../schemas/common.js';
import { giveBacks, type HeldPartition } from './ownership-plan.js';

/** `l0 s1 …`: live partition 0, sandbox partition 1, in the order taken. */
const held = (text: string): HeldPartition[] =>
  text
    .split(' ')
    .filter(Boolean)
    .map((k) => ({ key: `${k[0] === 'l' ? 'live' : 'sandbox'}/${k.slice(1)}`, environment: (k[0] === 'l' ? 'live' : 'sandbox') as Environment }));
const fewest = (live: number, sandbox: number, all: number) =>
  new Map<Environment | 'all', number>([
    ['live', live],
    ['sandbox', sandbox],
    ['all', all],
  ]);

describe('giveBacks: what a node gives back at the end of a round (src/cluster/ownership-plan.ts)', () => {
  it.each([
    // held (order taken) | fewest another live node holds: live, sandbox, all | share | given back, in order
    // A second node joined, holding nothing: down to within one of it in each environment, then in all (the newcomer
    // takes its share at once, this node takes back what is left when it is short: hand-offs, not waits).
    ['l0 l1 l2 l3 s0 s1 s2 s3', [0, 0, 0], 2, ['live/3', 'live/2', 'live/1', 'sandbox/3', 'sandbox/2', 'sandbox/1', 'sandbox/0']],
    // Three nodes: this one l0-2 s0-2, another l3 s3, the third joined with nothing.
    ['l0 l1 l2 s0 s1 s2', [0, 0, 0], 2, ['live/2', 'live/1', 'sandbox/2', 'sandbox/1', 'sandbox/0']],
    ['l0 l1', [0, 2, 2], 2, ['live/1']], // 2 / 2 / 0 of four becomes 2 / 1 / 1
    ['l0 l1 l2', [1, 0, 1], 2, ['live/2']], // beyond the share while another holds less
    ['l0 l1 s0 s1', [2, 2, 4], 2, []], // balanced
    ['l0 l1 l2', [2, 0, 2], 2, []], // one over the share, none under it: kept (nobody else wants it)
    ['l0 s0', [0, 0, 0], 1, ['sandbox/0']], // one live and one sandbox over two nodes: across environments
    ['s0 l0', [0, 0, 0], 1, ['live/0']], // …the one taken last
    ['l0 s0', [1, 1, 1], 1, []], // each node one
    ['l0 l1 l2 l3', [1, 0, 1], 2, ['live/3', 'live/2']], // four live with another holding one: down to two
  ] as [string, [number, number, number], number, string[]][])('held %s, fewest elsewhere %j, share %i → %j', (h, f, share, expected) => {
    expect(giveBacks(held(h), fewest(...f), share)).toEqual(expected);
  });

  it('gives back only what it holds, each once', () => {
    for (let n = 0; n <= 8; n++) {
      const mine = held(['l0', 'l1', 'l2', 'l3', 's0', 's1', 's2', 's3'].slice(0, n).join(' '));
      for (const share of [1, 2, 4]) {
        const out = giveBacks(mine, fewest(0, 0, 0), share);
        expect(new Set(out).size).toBe(out.length);
        for (const k of out) expect(mine.map((x) => x.key)).toContain(k);
        // What is kept is within two of the node holding none, in all.
        expect(mine.length - out.length).toBeLessThanOrEqual(Math.max(1, Math.min(share, mine.length)) * 2);
      }
    }
  });
});
