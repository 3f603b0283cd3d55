import { describe, expect, it } from 'vitest';
import { ReplayGuard } from './replay-guard.js';

const W = 30_000;
const T = 1_800_000_000_000;

describe('ReplayGuard', () => {
  it('takes a nonce once while its timestamp is in the window, per sending node', () => {
    const g = new ReplayGuard(W);
    expect(g.admit('node-1', 'n1', T, T)).toBe(true);
    expect(g.admit('node-1', 'n1', T, T + 1)).toBe(false);
    expect(g.admit('node-1', 'n1', T, T + W)).toBe(false);
    expect(g.admit('node-2', 'n1', T, T)).toBe(true);
  });

  it('forgets a nonce once its timestamp left the window (a replay then is stale anyway), so memory follows one window', () => {
    const g = new ReplayGuard(W);
    for (let i = 0; i < 100; i++) g.admit('node-1', `n${i}`, T + i, T + i);
    expect(g.size).toBe(100);
    g.admit('node-1', 'later', T + W + 50, T + W + 50);
    expect(g.size).toBe(51);
  });

  it('when full, forgets the oldest and refuses whatever was signed at or before it (it could be that one again)', () => {
    const g = new ReplayGuard(W, 3);
    expect(g.admit('a', 'n1', T, T)).toBe(true);
    expect(g.admit('a', 'n2', T + 10, T + 10)).toBe(true);
    expect(g.admit('a', 'n3', T + 20, T + 20)).toBe(true);
    expect(g.admit('a', 'n4', T + 30, T + 30)).toBe(true);
    expect(g.size).toBe(3);
    // n1 was forgotten: its replay, or any request signed no later than it, is refused.
    expect(g.admit('a', 'n1', T, T + 40)).toBe(false);
    expect(g.admit('a', 'n5', T - 5, T + 40)).toBe(false);
    expect(g.admit('a', 'n2', T + 10, T + 40)).toBe(false);
    expect(g.admit('a', 'n6', T + 11, T + 40)).toBe(true);
  });
});

describe('ReplayGuard under a steady flow', () => {
  it('remembers exactly the nonces of the last window, however many came and went', () => {
    const g = new ReplayGuard(W);
    // 10 a second for 5 windows: each nonce taken once, refused again while fresh, forgotten once stale.
    for (let i = 0; i < 1500; i++) {
      const at = T + i * 100;
      expect(g.admit('a', `n${i}`, at, at)).toBe(true);
      expect(g.admit('a', `n${i}`, at, at)).toBe(false);
      if (i > 300) expect(g.admit('a', `n${i - 300}`, at - 30_000, at)).toBe(false);
    }
    expect(g.size).toBe(301);
  });
});
