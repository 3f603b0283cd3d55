import { Command, InvalidArgumentError } from 'commander';
import pino from 'pino';
import { build, createLogger } from '../app.js';
import { ConfigError, loadConfig, type Config } from '../config/config.js';
import { ApiError } from '../errors/api-error.js';
import { randomBase62 } from '../kernel/ids.js';
import { futureTimeFault } from '../services/future-time.js';
import { compose, type Services } from '../compose.js';
import { rotateWebhookSecrets } from '../services/secrets/webhook-secrets.js';
import { openStore } from '../store/open.js';
import { openCluster } from '../cluster/open.js';
import { serve } from '../server.js';
import { MAILS_LIMIT } from '../http/admin-routes/shared.js';
import { runStdio } from '../mcp/stdio.js';
import { listApps, registerApp } from '../services/oauth/apps.js';
import { parseMinutes, record, recordingFeeds } from './record.js';

// Everything this process creates (the database and the -wal, -shm and journal files SQLite makes itself, the
// admin token and secrets key files, temp files) is for its owner only: 0600 files, 0700 directories. One umask
// for the whole process covers the files SQLite opens on its own, which no chmod after the fact could guard.
process.umask(0o077);

/** What the operator's commands call: the same services the operator API does, nothing started. */
type CliServices = Pick<Services, 'config' | 'store' | 'clock' | 'customers' | 'keys' | 'tokens' | 'accounts' | 'people' | 'news' | 'rulebooks'>;

/** Runs fn over the services on the configured store (the CLI works with or without a running server). */
async function withServices<T>(fn: (r: CliServices) => Promise<T>): Promise<void> {
  const config = loadConfig();
  const store = await openStore(config.databaseUrl);
  const { services } = compose({ config, store, log: createLogger('warn', pino.destination(2)) });
  try {
    // Accounts are opened on the rulebook's current version: read (and, for a changed product, made) first.
    await services.rulebooks.sync();
    const out = await fn(services);
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } finally {
    await store.close();
  }
}

const list = (v: string): string[] => v.split(',').map((s) => s.trim()).filter(Boolean);
const int = (v: string): number => {
  if (!/^\d+$/.test(v)) throw new InvalidArgumentError('must be Unix milliseconds (an integer)');
  return Number.parseInt(v, 10);
};
/** A time as Unix milliseconds or an ISO 8601 date-time with its zone (2026-03-06T13:30:00Z). */
const instant = (v: string): number => {
  if (/^\d+$/.test(v)) return Number.parseInt(v, 10);
  const t = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v) ? Date.parse(v) : Number.NaN;
  if (!Number.isSafeInteger(t)) throw new InvalidArgumentError('must be Unix milliseconds or an ISO 8601 time with its zone (2026-03-06T13:30:00Z)');
  return t;
};
const minutes = (v: string): number => {
  if (!/^\d+$/.test(v) || Number.parseInt(v, 10) > 1440) throw new InvalidArgumentError('must be whole minutes from 0 to 1440');
  return Number.parseInt(v, 10);
};
const bool = (v: string): boolean => {
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new InvalidArgumentError('must be true or false');
};
const oneOf = (...allowed: string[]) => (v: string) => {
  if (!allowed.includes(v)) throw new InvalidArgumentError(`must be one of ${allowed.join(', ')}`);
  return v;
};

interface FenceOpts {
  name?: string;
  markets?: string[];
  reduceOnly?: boolean;
  maxOrderUsd?: string;
  maxPositionUsd?: string;
  lossStopUsd?: string;
  ip?: string[];
  expiresAt?: number;
}

/** --expires-at as the operator API takes it: after now (the Clock) and at most max_expires_in_ms ahead. */
function checkExpiry(r: Pick<Services, 'clock' | 'config'>, o: FenceOpts): void {
  const fault = o.expiresAt === undefined ? undefined : futureTimeFault('expires_at', o.expiresAt, r.clock.now(), r.config.limits.max_expires_in_ms);
  if (fault) throw fault;
}

const fences = (o: FenceOpts) => ({
  name: o.name,
  markets: o.markets ?? null,
  reduce_only: o.reduceOnly ?? false,
  max_order_usd: o.maxOrderUsd ?? null,
  max_position_usd: o.maxPositionUsd ?? null,
  loss_stop_usd: o.lossStopUsd ?? null,
  ip_allowlist: o.ip ?? [],
  expires_at: o.expiresAt ?? null,
});

function withFenceOptions(cmd: Command): Command {
  return cmd
    .option('--name <name>', 'a name to recognise it by')
    .option('--markets <list>', 'only these markets (comma-separated)', list)
    .option('--reduce-only', 'only reduce-only orders')
    .option('--max-order-usd <usd>', 'largest order value')
    .option('--max-position-usd <usd>', 'largest position value')
    .option('--loss-stop-usd <usd>', 'loss per trading day that stops the key')
    .option('--ip <cidrs>', 'IP allowlist (comma-separated CIDR)', list)
    .option('--expires-at <ms>', 'end date, Unix ms', int);
}

export function program(): Command {
  const root = new Command('rampart').description('Rampart: protected-order trading API — server and operator CLI').showHelpAfterError();

  root
    .command('serve')
    .description('start the live, sandbox and operator listeners (embedded SQLite, simulated prices by default)')
    .action(async () => {
      await serve(loadConfig());
    });

  root
    .command('mcp')
    .description('MCP server on stdio for an AI assistant: its tools call the API with RAMPART_MCP_TOKEN (at RAMPART_MCP_URL, else the credential\'s host)')
    .action(async () => {
      await runStdio(process.env, loadConfig().publicUrl);
    });

  root
    .command('record')
    .description(
      'record a session of live prices from the exchange sources of the feeds file (RAMPART_FEEDS_FILE, else config/feeds.json) as NDJSON for RAMPART_PRICE_FEED=replay:<file>',
    )
    .requiredOption('--market <market>', 'market id (BTC-USD)')
    .requiredOption('--minutes <n>', 'how long to record (decimals allowed; stops early at Ctrl-C with the file complete)')
    .option('--out <file>', 'file to write (default: standard output)')
    .action(async (o: { market: string; minutes: string; out?: string }) => {
      const minutes = parseMinutes(o.minutes);
      const config = loadConfig();
      const feeds = recordingFeeds(config, process.env, o.market);
      const summary = await record(config, feeds, { market: o.market, minutes, out: o.out }, createLogger('info', pino.destination(2)));
      // The quotes went to standard output when no file was given: the summary goes beside the log then.
      (o.out ? process.stdout : process.stderr).write(`${JSON.stringify(summary, null, 2)}\n`);
    });

  root
    .command('openapi')
    .description('print the OpenAPI 3.1 document')
    .action(async () => {
      const config: Config = { ...loadConfig(), databaseUrl: 'sqlite::memory:', bootstrap: false, adminToken: `radm_${randomBase62(40)}` };
      const app = await build({ config, logger: createLogger('silent') });
      await app.sandbox.ready();
      process.stdout.write(`${JSON.stringify(app.sandbox.swagger(), null, 2)}\n`);
      await app.close();
    });

  const customers = root.command('customers').description('customers');
  customers
    .command('create')
    .requiredOption('--name <name>', 'customer name')
    .action((o: { name: string }) => withServices((r) => r.customers.create(o.name)));
  customers.command('list').action(() => withServices((r) => r.customers.list()));
  customers
    .command('set <customer>')
    .requiredOption('--api-enabled <bool>', 'true or false', bool)
    .action((id: string, o: { apiEnabled: boolean }) => withServices((r) => r.customers.setApiEnabled(id, o.apiEnabled)));

  const keys = root.command('keys').description('API keys');
  withFenceOptions(
    keys
      .command('create')
      .requiredOption('--customer <id>', 'customer id')
      .requiredOption('--env <environment>', 'sandbox or live', oneOf('sandbox', 'live'))
      .requiredOption('--access <access>', 'read or trade', oneOf('read', 'trade')),
  ).action((o: FenceOpts & { customer: string; env: 'sandbox' | 'live'; access: 'read' | 'trade' }) =>
    withServices(async (r) => {
      checkExpiry(r, o);
      const created = await r.keys.create(o.customer, { environment: o.env, access: o.access, ...fences(o) });
      return { ...created.record, key: created.key, opened_account_id: created.opened_account?.id ?? null };
    }),
  );
  keys.command('revoke <key>').action((id: string) => withServices((r) => r.keys.revoke(id)));
  keys
    .command('list')
    .requiredOption('--customer <id>', 'customer id')
    .action((o: { customer: string }) => withServices((r) => r.keys.list(o.customer)));

  const accounts = root.command('accounts').description('live accounts');
  accounts
    .command('create')
    .requiredOption('--customer <id>', 'customer id')
    .requiredOption('--product <id>', 'product id (config/products.json)')
    .action((o: { customer: string; product: string }) =>
      withServices(async (r) => r.accounts.view(await r.accounts.openLive(await r.customers.require(o.customer), o.product))),
    );

  const tokens = root.command('tokens').description('app access tokens');
  withFenceOptions(
    tokens
      .command('issue')
      .requiredOption('--customer <id>', 'customer id')
      .requiredOption('--env <environment>', 'sandbox or live', oneOf('sandbox', 'live'))
      .requiredOption('--kind <kind>', 'app or assistant', oneOf('app', 'assistant'))
      .option('--access <access>', 'read or trade', oneOf('read', 'trade')),
  ).action((o: FenceOpts & { customer: string; env: 'sandbox' | 'live'; kind: 'app' | 'assistant'; access?: 'read' | 'trade' }) =>
    withServices(async (r) => {
      checkExpiry(r, o);
      const issued = await r.tokens.issue(o.customer, { environment: o.env, kind: o.kind, access: o.access, ...fences(o) });
      return { ...issued.record, token: issued.token };
    }),
  );
  tokens.command('revoke <token>').action((id: string) => withServices((r) => r.tokens.revoke(id)));

  const apps = root.command('apps').description('OAuth app clients (public, PKCE; their tokens come with refresh tokens)');
  apps
    .command('create')
    .description('register an app client (as POST /admin/v1/apps)')
    .requiredOption('--name <name>', 'the name users see at consent (1 to 100 characters)')
    .requiredOption('--redirect-uri <uris>', 'redirect URIs, comma-separated: https, or http on a loopback host', list)
    .action((o: { name: string; redirectUri: string[] }) => withServices((r) => registerApp(r.store, { name: o.name, redirect_uris: o.redirectUri })));
  apps
    .command('list')
    .description('the app clients (not the self-registered assistants)')
    .action(() => withServices((r) => listApps(r.store, r.clock)));

  const news = root.command('news').description('the news calendar: windows in which accounts whose rule has `news` are refused (docs/RULES.md)');
  news
    .command('list')
    .description('the windows by release time')
    .option('--from <time>', 'only windows still in force at or after this time (ms or ISO 8601)', instant)
    .option('--to <time>', 'only windows starting before this time (ms or ISO 8601)', instant)
    .action((o: { from?: number; to?: number }) =>
      withServices(async (r) => {
        await r.news.load();
        return r.news.list(o);
      }),
    );
  news
    .command('add')
    .description('adds a release: a running server takes it within 5 s (the admin API tells every node at once)')
    .requiredOption('--title <title>', 'what is released (1 to 200 characters)')
    .requiredOption('--at <time>', 'when (ms or ISO 8601 with its zone)', instant)
    .option('--markets <ids>', 'the markets it moves, comma-separated (default: all)', list)
    .option('--before <minutes>', 'minutes before the release the window opens', minutes, 2)
    .option('--after <minutes>', 'minutes after the release the window closes', minutes, 2)
    .action((o: { title: string; at: number; markets?: string[]; before: number; after: number }) =>
      withServices(async (r) => {
        if (o.title.length < 1 || o.title.length > 200) throw new ApiError('invalid_request', { message: 'title must be 1 to 200 characters', details: { field: 'title' } });
        await r.news.load();
        return r.news.add({ title: o.title, at: o.at, markets: o.markets ?? null, minutes_before: o.before, minutes_after: o.after });
      }),
    );
  news
    .command('remove <id>')
    .description('removes a window')
    .action((id: string) => withServices((r) => r.news.remove(id)));

  const mail = root.command('mail').description('mails kept in the store (no RAMPART_SMTP_URL)');
  mail
    .command('list')
    .description(`the newest ${MAILS_LIMIT} mails kept in the store, newest first (emailed codes, invitations)`)
    .action(() => withServices((r) => r.store.listMails(MAILS_LIMIT)));

  root
    .command('users')
    .description("the dashboard's people")
    .command('invite')
    .description('a one-time invitation to sign up (7 days), mailed to the address; the token is shown once')
    .requiredOption('--email <email>', 'the address of the person invited')
    .option('--customer <id>', 'the customer they join (else sign-up makes a new customer)')
    .action((o: { email: string; customer?: string }) => withServices((r) => r.people.invitations.create(o.email, o.customer)));

  root
    .command('secrets')
    .description('the key that seals webhook signing secrets at rest')
    .command('rotate')
    .description(
      'seal every stored webhook signing secret under a new key, in one transaction, and write the new key file (the whsec_ secrets do not change; ' +
        'with RAMPART_SECRETS_KEY, give the new key in RAMPART_SECRETS_NEW_KEY and set it on the servers afterwards)',
    )
    .action(() =>
      withServices((r) => rotateWebhookSecrets(r.config, r.store, createLogger('warn', pino.destination(2)), process.env.RAMPART_SECRETS_NEW_KEY || undefined)),
    );
  root
    .command('cluster')
    .description('several nodes on one PostgreSQL')
    .command('status')
    .description('nodes (id, internal_url, last_seen, connected) and partition leases (environment, partition, owner, epoch, since)')
    .action(() =>
      withServices(async (r) => {
        const cluster = openCluster(r.config);
        try {
          return await cluster.status();
        } finally {
          await cluster.close();
        }
      }),
    );
  return root;
}

try {
  await program().parseAsync(process.argv);
} catch (err) {
  if (err instanceof ApiError || err instanceof ConfigError) {
    process.stderr.write(`rampart: ${err instanceof ApiError ? `${err.code}: ` : ''}${err.message}\n`);
    process.exit(2);
  }
  throw err;
}
