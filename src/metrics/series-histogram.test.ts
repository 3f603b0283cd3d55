import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { SeriesHistogram } from './series-histogram.js';

const BOUNDS = [0.001, 0.01, 0.1, 1];

describe('SeriesHistogram', () => {
  it("writes the same text as prom-client's histogram for the same observations", async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const fast = new SeriesHistogram('rampart_test_seconds', 'A test histogram', ['route', 'status'] as const, BOUNDS, ours);
    const reference = new Histogram({ name: 'rampart_test_seconds', help: 'A test histogram', labelNames: ['route', 'status'] as const, buckets: BOUNDS, registers: [theirs] });
    fast.zero({ route: '/idle', status: '200' });
    reference.zero({ route: '/idle', status: '200' });
    const observations: [string, string, number][] = [
      ['/a', '200', 0.0005],
      ['/a', '200', 0.001],
      ['/a', '200', 0.05],
      ['/b', '404', 2],
      ['/a', '200', 0.5],
      ['/b "quoted"\n', '500', 0.01],
    ];
    for (const [route, status, v] of observations) {
      fast.labels({ route, status }).observe(v);
      reference.labels({ route, status }).observe(v);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.metrics()).toContain('rampart_test_seconds_bucket{le="0.001",route="/a",status="200"} 2');
    expect(await ours.metrics()).toContain('rampart_test_seconds_count{route="/a",status="200"} 4');
  });

  it('keeps one series per set of labels, and refuses a value that is not a number', () => {
    const fast = new SeriesHistogram('rampart_test_seconds', 'A test histogram', ['outcome'] as const, BOUNDS, new Registry());
    expect(fast.labels({ outcome: 'commit' })).toBe(fast.labels({ outcome: 'commit' }));
    expect(fast.labels({ outcome: 'commit' })).not.toBe(fast.labels({ outcome: 'rollback' }));
    expect(() => fast.labels({ outcome: 'commit' }).observe(Number.NaN)).toThrow(TypeError);
    expect(fast.labels({ outcome: 'commit' }).count).toBe(0);
  });

  it('is emptied with its registry, its series kept at zero', async () => {
    const registry = new Registry();
    const fast = new SeriesHistogram('rampart_test_seconds', 'A test histogram', ['outcome'] as const, BOUNDS, registry);
    const commit = fast.labels({ outcome: 'commit' });
    commit.observe(0.5);
    registry.resetMetrics();
    expect(await registry.metrics()).toContain('rampart_test_seconds_count{outcome="commit"} 0');
    // A series handed out before goes on counting into what the registry shows.
    commit.observe(0.005);
    expect(await registry.metrics()).toContain('rampart_test_seconds_bucket{le="0.01",outcome="commit"} 1');
  });
});
