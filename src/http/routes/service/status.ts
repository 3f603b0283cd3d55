import { Status } from '../../schemas/resources.js';
import { defineRoute } from '../../route.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/status',
  operationId: 'getStatus',
  summary: 'Health of this environment: engine, price feed, switches',
  description:
    'Whether this environment is operational: the engine, the price feed (which markets are quoted, which are stale) and the switches that take requests and open sandbox accounts.',
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
    const env = environments.get(environment);
    const engineUp = opener.up(environment);
    return {
      environment,
      status: engineUp && stale.length === 0 && env.enabled ? 'operational' : 'degraded',
      engine: engineUp ? 'up' : 'down',
      price_feed: { source: feed.source, markets_quoted: quoted, markets_stale: stale },
      accepting_requests: env.enabled,
      sandbox_opening: environment === 'sandbox' && env.sandbox_opening,
      time: now,
    };
  },
});
