import { Status } from '../../schemas/resources.js';
import { defineRoute } from '../../route.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/status',
  operationId: 'getStatus',
  summary: 'Health of this environment: engine, price feed, switches',
  description:
    'Whether this environment is operational: the engine, the price feed (which markets are quoted, which are stale, which are halted and why; with the exchanges feed, the state of each exchange source) and the switches that take requests and open sandbox accounts.',
  tags: ['service'],
  access: 'read',
  errors: [],
  schema: { response: { 200: Status } },
  handler: async ({ environments, opener, feed, settings, environment }) => {
    const now = feed.now();
    const stale: string[] = [];
    let quoted = 0;
    for (const m of settings.markets) {
      const q = feed.quote(m.id);
      if (q) quoted++;
      if (!q || now - q.time > m.stale_after_ms) stale.push(m.id);
    }
    const halted = feed.halts();
    const env = environments.get(environment);
    const engineUp = opener.up(environment);
    // A market the operator halted is a decision, not a fault; one the feed halted is the feed failing to price it.
    const feedHalted = halted.some((h) => h.reason !== 'operator');
    return {
      environment,
      status: engineUp && stale.length === 0 && !feedHalted && env.enabled ? 'operational' : 'degraded',
      engine: engineUp ? 'up' : 'down',
      price_feed: { source: feed.source, markets_quoted: quoted, markets_stale: stale, markets_halted: halted, sources: feed.sources() },
      accepting_requests: env.enabled,
      sandbox_opening: environment === 'sandbox' && env.sandbox_opening,
      time: now,
    };
  },
});
