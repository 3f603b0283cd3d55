import type { FastifyInstance } from 'fastify';
import { build, type App } from './app.js';
import { withoutPassword, type Config, type Listen } from './config/config.js';
import { internalListenerWarning } from './config/startup-checks.js';

async function listen(app: FastifyInstance, at: Listen): Promise<string> {
  return app.listen({ host: at.host, port: at.port });
}

/** The price feed as the banner names it: the exchanges feed with its sources. */
function prices(config: Config): string {
  const feed = config.priceFeed;
  if (feed.kind !== 'exchanges') return feed.kind;
  return `exchanges (${feed.feeds.sources.map((s) => s.id).join(', ')})`;
}

/** RAMPART_SANDBOX_PRICE_FEED as the banner shows it. */
function sandboxPrices(config: Config): string {
  const own = config.sandboxPriceFeed;
  if (own.kind === 'live') return 'the live prices (same book)';
  return own.kind === 'replay' ? `replay of ${own.file}` : `simulated (seed ${own.seed}, every ${own.intervalMs} ms)`;
}

export function banner(app: App, config: Config, addresses: { live: string; sandbox: string; admin: string; dashboard: string }): string {
  const lines = [
    '',
    'Rampart is running',
    `  live API      ${addresses.live}`,
    `  sandbox API   ${addresses.sandbox}`,
    `  operator API  ${addresses.admin}`,
    `  dashboard     ${addresses.dashboard}`,
    `  storage       ${withoutPassword(config.databaseUrl)}   prices: ${prices(config)}   clock: ${config.clock}`,
    `  sandbox feed  ${sandboxPrices(config)}`,
    `  rate limits   ${!config.rateLimitsEnabled ? 'OFF' : config.redisUrl ? `shared through ${withoutPassword(config.redisUrl)}` : 'in-process (this node)'}`,
    `  webhooks      ${config.webhookAllowPrivate ? 'PRIVATE AND LOOPBACK TARGETS ALLOWED (RAMPART_WEBHOOK_ALLOW_PRIVATE=1): for development only' : 'public addresses only'}`,
    ...[internalListenerWarning(config)].filter((w) => w !== undefined).flatMap((w) => ['', `WARNING: ${w}`]),
  ];
  if (app.adminTokenGenerated) {
    lines.push('', `Operator token (shown once; also in ${config.dataDir}/admin-token):`, `  ${app.adminToken}`);
  }
  if (app.bootstrap) {
    lines.push(
      '',
      'A demo customer and a sandbox key were created (the key is shown once):',
      `  ${app.bootstrap.key}`,
      `  sandbox account: ${app.bootstrap.account_id}`,
      '',
      `Demo user: ${app.bootstrap.demo_email} / ${app.bootstrap.demo_password ?? '(the password in RAMPART_DEMO_PASSWORD)'}`,
      '',
      'Try it:',
      `  curl -H "Authorization: Bearer ${app.bootstrap.key}" ${config.publicUrl.sandbox}/v1/accounts`,
    );
  }
  return `${lines.join('\n')}\n\n`;
}

/** `rampart serve`: the four listeners in one process, with a graceful shutdown on SIGINT/SIGTERM. */
export async function serve(config: Config): Promise<App> {
  const app = await build({ config });
  const live = await listen(app.live, config.listen.live);
  const sandbox = await listen(app.sandbox, config.listen.sandbox);
  const admin = await listen(app.admin, config.listen.admin);
  const dashboard = await listen(app.dashboard, config.dashboard.listen);
  await app.loaded;
  // A test's crash point counts the batches of the traffic, not those of the start-up (src/config/crash-point.ts).
  const crashPoint = app.services.storeFaults?.crashPoint;
  if (crashPoint) crashPoint.armed = true;
  process.stdout.write(banner(app, config, { live, sandbox, admin, dashboard }));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (app.services.storeFaults) app.services.storeFaults.failing = false;
    process.stdout.write(`\n${signal}: shutting down\n`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    void app.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return app;
}
