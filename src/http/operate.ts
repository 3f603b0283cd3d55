import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics/metrics.js';

/** The operator listener's probes and scrape, answered without the operator token (docs/DEVIATIONS.md). */
export const OPERATE_PATHS: ReadonlySet<string> = new Set(['/metrics', '/healthz', '/readyz']);

export type CheckResult = 'ok' | 'not_configured' | 'off' | 'loading' | 'unavailable' | 'unreachable' | 'timeout';

export interface OperateDeps {
  metrics: Metrics;
  /** Each readiness check by name; every one must be ok (or not configured / off) for GET /readyz to say ready. */
  checks: Record<string, () => Promise<CheckResult>>;
}

/** A check that takes longer than this counts as failed: a probe must answer before the load balancer gives up. */
const CHECK_TIMEOUT_MS = 1000;

async function bounded(check: () => Promise<CheckResult>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().catch((): CheckResult => 'unavailable'), late]);
  } finally {
    clearTimeout(timer);
  }
}

const PASSING: ReadonlySet<CheckResult> = new Set(['ok', 'not_configured', 'off']);

/**
 * GET /healthz: the process answers (liveness; nothing else is looked at, so a restart is never caused by a
 * dependency). GET /readyz: whether this node should get traffic (store, limiter, engine), 503 naming what failed.
 * GET /metrics: Prometheus text of this process's registry.
 */
export function registerOperate(app: FastifyInstance, deps: OperateDeps): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const names = Object.keys(deps.checks);
    const results = await Promise.all(names.map((n) => bounded(deps.checks[n]!)));
    const checks = Object.fromEntries(names.map((n, i) => [n, results[i]]));
    const failed = names.filter((_, i) => !PASSING.has(results[i]!));
    reply.code(failed.length === 0 ? 200 : 503);
    return failed.length === 0 ? { status: 'ready', checks } : { status: 'not_ready', failed, checks };
  });
  app.get('/metrics', async (_request, reply) => {
    reply.header('content-type', deps.metrics.contentType);
    return deps.metrics.text();
  });
}
