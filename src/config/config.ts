import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Type, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { Product, type Environment } from '../schemas/common.js';
import { LimitsConfig, MarketConfig } from './markets.js';
import { PACKAGE_ROOT } from './package-root.js';
import { ClusterSettingError, parseClusterConfig, type ClusterConfig } from './cluster-settings.js';
import { parseCrashPoint } from './crash-point.js';
import { FeedsConfigError, loadFeedsConfig, type FeedsConfig } from './feeds.js';
import { isTimeZone, minutesOfDay } from '../engine/trading-day.js';
import { parseTrustProxy, TrustProxySettingError, type TrustProxy } from './trust-proxy.js';

export interface Listen {
  readonly host: string;
  readonly port: number;
}

export type PriceFeedConfig =
  | { readonly kind: 'simulated'; readonly seed: number; readonly intervalMs: number }
  | { readonly kind: 'manual' }
  | { readonly kind: 'replay'; readonly file: string; readonly speed: ReplaySpeed }
  /** Real exchanges (CONTRACT §9): the sources of config/feeds.json (or RAMPART_FEEDS_FILE), docs/PRICE-FEEDS.md. */
  | { readonly kind: 'exchanges'; readonly feeds: FeedsConfig };

/** RAMPART_REPLAY_SPEED: times faster than recorded (1: as recorded), or `max`: each line once the engine acted on the last. */
export type ReplaySpeed = number | 'max';

/**
 * RAMPART_SANDBOX_PRICE_FEED: `live` (the sandbox prices from the live book itself, SPEC "the same prices"), or a
 * feed of its own beside it (docs/PRICE-FEEDS.md "Sandbox prices").
 */
export type SandboxPriceFeedConfig =
  | { readonly kind: 'live' }
  | { readonly kind: 'simulated'; readonly seed: number; readonly intervalMs: number }
  | { readonly kind: 'replay'; readonly file: string; readonly speed: ReplaySpeed };

export interface Config {
  readonly listen: Readonly<Record<Environment | 'admin', Listen>>;
  /** Public base URLs; their authority is what wrong_environment and token resources name. */
  readonly publicUrl: Readonly<Record<Environment, string>>;
  readonly databaseUrl: string;
  readonly dataDir: string;
  readonly adminToken: string | undefined;
  /** RAMPART_SECRETS_KEY (base64 of 32 bytes): seals webhook secrets; else the key file in the data directory. */
  readonly secretsKey: string | undefined;
  readonly priceFeed: PriceFeedConfig;
  /** RAMPART_TICK_RETENTION_HOURS: how long the tick record keeps its rows (docs/PRICE-FEEDS.md). */
  readonly tickRetentionHours: number;
  readonly sandboxPriceFeed: SandboxPriceFeedConfig;
  readonly clock: 'system' | 'manual';
  readonly tradingDayStartMinutes: number;
  readonly timezone: string;
  readonly rateLimitsEnabled: boolean;
  /** RAMPART_REDIS_URL: rate-limit budgets shared by every node through this Redis; else in-process buckets. */
  readonly redisUrl: string | undefined;
  /** RAMPART_REDIS_PREFIX: prefix of the budget keys in Redis (several deployments may share one Redis). */
  readonly redisPrefix: string;
  readonly bootstrap: boolean;
  readonly faults: boolean;
  /** RAMPART_CRASH_POINT (tests, with RAMPART_FAULTS=1 only): `batch:<phase>:<n>`, see src/config/crash-point.ts. */
  readonly crashPoint?: string;
  readonly docsUrl: string;
  /** RAMPART_WEBHOOK_ALLOW_PRIVATE: webhook endpoints (both environments) may be private or loopback (development). */
  readonly webhookAllowPrivate: boolean;
  /** RAMPART_TRUST_PROXY: who may tell the client's address in X-Forwarded-For (src/config/trust-proxy.ts). */
  readonly trustProxy: TrustProxy;
  readonly logLevel: string;
  readonly configDir: string;
  readonly markets: readonly MarketConfig[];
  readonly products: readonly Product[];
  readonly limits: LimitsConfig;
  /** CONTRACT §8: node id, internal address, partitions, lease and resume windows (src/config/cluster-settings.ts). */
  readonly cluster: ClusterConfig;
  /** CONTRACT §9, docs/DASHBOARD.md: the customer dashboard's listener, public URL and sign-up mode. */
  readonly dashboard: DashboardConfig;
  /** RAMPART_SMTP_URL: mail goes out through this SMTP server; unset, mails are kept in the store. */
  readonly smtpUrl: string | undefined;
}

export interface DashboardConfig {
  readonly listen: Listen;
  /** RAMPART_DASHBOARD_URL: the public base (its origin is the one the API hosts answer CORS for). */
  readonly url: string;
  /** RAMPART_SIGNUP: open (anyone makes a customer) or invite (an operator's invitation is needed). */
  readonly signup: 'open' | 'invite';
  /** RAMPART_DEMO_PASSWORD: the demo user's password on a new database (else one is generated and printed). */
  readonly demoPassword: string | undefined;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export const DEFAULT_CONFIG_DIR = join(PACKAGE_ROOT, 'config');

/** The shortest operator token taken: 32 characters keep it out of reach of guessing at any request rate. */
export const MIN_ADMIN_TOKEN_LENGTH = 32;

/** Refuses an operator token too short to resist guessing (from RAMPART_ADMIN_TOKEN or the token file). */
export function checkAdminToken(token: string, from: string): void {
  if (token.length < MIN_ADMIN_TOKEN_LENGTH) {
    throw new ConfigError(`${from}: the operator token must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters, got ${token.length}`);
  }
}

function parseListen(name: string, value: string): Listen {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:]+):(\d{1,5})$/.exec(value);
  const port = m ? Number.parseInt(m[2] ?? '', 10) : Number.NaN;
  if (!m || !m[1] || port > 65535) throw new ConfigError(`${name} must be host:port, got "${value}"`);
  return { host: m[1].replace(/^\[|\]$/g, ''), port };
}

function parseBool(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (['1', 'true', 'on', 'yes'].includes(value)) return true;
  if (['0', 'false', 'off', 'no'].includes(value)) return false;
  throw new ConfigError(`${name} must be a boolean, got "${value}"`);
}

function readJson<T extends TSchema>(dir: string, file: string, schema: T): unknown {
  const path = resolve(dir, file);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new ConfigError(`cannot read ${path}: ${(err as Error).message}`);
  }
  if (!Value.Check(schema, raw)) {
    const first = [...Value.Errors(schema, raw)].slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message}`);
    throw new ConfigError(`${path} is invalid: ${first.join('; ')}`);
  }
  return raw;
}

function parseTimeOfDay(value: string): number {
  const minutes = minutesOfDay(value);
  if (minutes === null) throw new ConfigError(`RAMPART_TRADING_DAY_START must be HH:MM, got "${value}"`);
  return minutes;
}

/** A product's own trading day names a time of day and a zone this runtime knows. */
function checkTradingDays(products: readonly Product[]): void {
  for (const p of products) {
    const day = p.rule.trading_day;
    if (!day) continue;
    if (minutesOfDay(day.rollover) === null) throw new ConfigError(`products.json ${p.id}: trading_day.rollover must be HH:MM, got "${day.rollover}"`);
    if (!isTimeZone(day.time_zone)) throw new ConfigError(`products.json ${p.id}: trading_day.time_zone "${day.time_zone}" is not a time zone`);
  }
}

function parseFeed(env: NodeJS.ProcessEnv, configDir: string, markets: readonly MarketConfig[]): PriceFeedConfig {
  const value = env.RAMPART_PRICE_FEED ?? 'simulated';
  if (value === 'simulated') {
    const seed = Number.parseInt(env.RAMPART_PRICE_SEED ?? '1', 10);
    if (!Number.isSafeInteger(seed)) throw new ConfigError('RAMPART_PRICE_SEED must be an integer');
    const intervalMs = Number.parseInt(env.RAMPART_PRICE_INTERVAL_MS ?? '1000', 10);
    if (!Number.isSafeInteger(intervalMs) || intervalMs < 10) throw new ConfigError('RAMPART_PRICE_INTERVAL_MS must be ≥ 10');
    return { kind: 'simulated', seed, intervalMs };
  }
  if (value === 'manual') return { kind: 'manual' };
  if (value.startsWith('replay:') && value.length > 'replay:'.length) return { kind: 'replay', file: value.slice(7), speed: parseReplaySpeed(env.RAMPART_REPLAY_SPEED) };
  if (value === 'exchanges') {
    const file = env.RAMPART_FEEDS_FILE ? resolve(env.RAMPART_FEEDS_FILE) : resolve(configDir, 'feeds.json');
    try {
      return { kind: 'exchanges', feeds: loadFeedsConfig(file, markets.map((m) => m.id)) };
    } catch (err) {
      throw err instanceof FeedsConfigError ? new ConfigError(err.message) : err;
    }
  }
  throw new ConfigError(`RAMPART_PRICE_FEED must be simulated, manual, exchanges or replay:<file>, got "${value}"`);
}

export function parseReplaySpeed(value: string | undefined): ReplaySpeed {
  if (value === undefined || value === '') return 1;
  if (value === 'max') return 'max';
  const speed = /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
  if (!(speed > 0) || !Number.isFinite(speed)) throw new ConfigError(`RAMPART_REPLAY_SPEED must be a positive number or max, got "${value}"`);
  return speed;
}

function parseRetentionHours(value: string | undefined): number {
  if (value === undefined || value === '') return 168;
  const hours = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(hours) || hours < 1) throw new ConfigError(`RAMPART_TICK_RETENTION_HOURS must be a whole number of hours ≥ 1, got "${value}"`);
  return hours;
}

function parseSandboxFeed(env: NodeJS.ProcessEnv, configDir: string, markets: readonly MarketConfig[]): SandboxPriceFeedConfig {
  const value = env.RAMPART_SANDBOX_PRICE_FEED || 'live';
  if (value === 'live') return { kind: 'live' };
  // The walk and the replay take the main feed's settings (seed, interval): one set of knobs for both.
  if (value === 'simulated') {
    const walk = parseFeed({ ...env, RAMPART_PRICE_FEED: 'simulated' }, configDir, markets);
    if (walk.kind === 'simulated') return walk;
  }
  if (value.startsWith('replay:') && value.length > 'replay:'.length) {
    return { kind: 'replay', file: value.slice('replay:'.length), speed: parseReplaySpeed(env.RAMPART_REPLAY_SPEED) };
  }
  throw new ConfigError(`RAMPART_SANDBOX_PRICE_FEED must be live, simulated or replay:<file>, got "${value}"`);
}

function authority(name: string, url: string): string {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('not http(s)');
    return url.replace(/\/+$/, '');
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${url}"`);
  }
}

/** postgres:// or postgresql:// (node-postgres connection string, e.g. ?options=-c%20search_path%3Drampart). */
export function isPostgresUrl(databaseUrl: string): boolean {
  return /^postgres(ql)?:\/\//.test(databaseUrl);
}

export function databaseDataDir(databaseUrl: string): string {
  if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length);
    return file === ':memory:' ? resolve('data') : dirname(resolve(file));
  }
  return resolve('data');
}

/** Query parameters that carry a password (libpq's `password` and `sslpassword`, and the usual spellings). */
const PASSWORD_PARAM = /([?&](?:ssl)?(?:password|passwd|pass|pwd)=)[^&#]*/gi;

/**
 * A URL as it may be shown (logs, banner, errors): the password of its user-info and of any `password=` query
 * parameter replaced by `***`, everything else as written (the user, host, database and other options help).
 */
export function withoutPassword(url: string): string {
  return url
    .replace(/^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)@/i, (_all, scheme: string, userinfo: string) => {
      const colon = userinfo.indexOf(':');
      return `${scheme}${colon === -1 ? userinfo : `${userinfo.slice(0, colon)}:***`}@`;
    })
    .replace(PASSWORD_PARAM, '$1***');
}

function parseRedisUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  try {
    const u = new URL(value);
    if ((u.protocol === 'redis:' || u.protocol === 'rediss:') && u.hostname !== '') return value;
  } catch {
    /* answered below */
  }
  throw new ConfigError(`RAMPART_REDIS_URL must be redis://host:port (or rediss://), got "${withoutPassword(value)}"`);
}

function parseSmtpUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  try {
    const u = new URL(value);
    if ((u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== '') return value;
  } catch {
    /* answered below */
  }
  throw new ConfigError(`RAMPART_SMTP_URL must be smtp://host:port (or smtps://), got "${withoutPassword(value)}"`);
}

function parseDashboard(env: NodeJS.ProcessEnv): DashboardConfig {
  const listen = parseListen('RAMPART_DASHBOARD_LISTEN', env.RAMPART_DASHBOARD_LISTEN ?? '127.0.0.1:8082');
  const host = listen.host.includes(':') ? `[${listen.host}]` : listen.host;
  const signup = env.RAMPART_SIGNUP || 'open';
  if (signup !== 'open' && signup !== 'invite') throw new ConfigError(`RAMPART_SIGNUP must be open or invite, got "${signup}"`);
  const demoPassword = env.RAMPART_DEMO_PASSWORD || undefined;
  return {
    listen,
    url: authority('RAMPART_DASHBOARD_URL', env.RAMPART_DASHBOARD_URL ?? `http://${host}:${listen.port}`),
    signup,
    demoPassword,
  };
}

/** Reads the environment and config/*.json into one validated Config. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const configDir = resolve(env.RAMPART_CONFIG_DIR ?? DEFAULT_CONFIG_DIR);
  const markets = readJson(configDir, 'markets.json', Type.Array(MarketConfig, { minItems: 1 })) as MarketConfig[];
  const products = readJson(configDir, 'products.json', Type.Array(Product, { minItems: 1 })) as Product[];
  const limits = readJson(configDir, 'limits.json', LimitsConfig) as LimitsConfig;
  checkTradingDays(products);
  if (!products.some((p) => p.id === limits.sandbox_default_product)) {
    throw new ConfigError(`limits.json sandbox_default_product "${limits.sandbox_default_product}" is not a product`);
  }
  const databaseUrl = env.RAMPART_DATABASE_URL ?? 'sqlite:./data/rampart.db';
  if (!databaseUrl.startsWith('sqlite:') && !isPostgresUrl(databaseUrl)) {
    throw new ConfigError(`RAMPART_DATABASE_URL must be sqlite:<file> or postgres://…, got "${withoutPassword(databaseUrl)}"`);
  }
  const clock = env.RAMPART_CLOCK ?? 'system';
  if (clock !== 'system' && clock !== 'manual') throw new ConfigError(`RAMPART_CLOCK must be system or manual`);
  const rl = env.RAMPART_RATE_LIMITS ?? 'on';
  if (rl !== 'on' && rl !== 'off') throw new ConfigError('RAMPART_RATE_LIMITS must be on or off');
  if (env.RAMPART_ADMIN_TOKEN) checkAdminToken(env.RAMPART_ADMIN_TOKEN, 'RAMPART_ADMIN_TOKEN');
  const secretsKey = env.RAMPART_SECRETS_KEY || undefined;
  if (secretsKey !== undefined && !(/^[A-Za-z0-9+/]{43}=?$/.test(secretsKey) && Buffer.from(secretsKey, 'base64').length === 32)) {
    throw new ConfigError('RAMPART_SECRETS_KEY must be the base64 of 32 bytes (e.g. openssl rand -base64 32)');
  }
  const faults = parseBool('RAMPART_FAULTS', env.RAMPART_FAULTS, false);
  const crashPoint = env.RAMPART_CRASH_POINT || undefined;
  if (crashPoint !== undefined) {
    if (!faults) throw new ConfigError('RAMPART_CRASH_POINT needs RAMPART_FAULTS=1 (it is for tests only)');
    try {
      parseCrashPoint(crashPoint);
    } catch (err) {
      throw new ConfigError(`RAMPART_CRASH_POINT ${(err as Error).message}`);
    }
  }
  const timezone = env.RAMPART_TIMEZONE ?? 'UTC';
  if (!isTimeZone(timezone)) throw new ConfigError(`RAMPART_TIMEZONE "${timezone}" is not a time zone`);
  let cluster: ClusterConfig;
  let trustProxy: TrustProxy;
  try {
    cluster = parseClusterConfig(env);
    trustProxy = parseTrustProxy(env.RAMPART_TRUST_PROXY);
  } catch (err) {
    throw err instanceof ClusterSettingError || err instanceof TrustProxySettingError ? new ConfigError(err.message) : err;
  }
  return {
    listen: {
      live: parseListen('RAMPART_LIVE_LISTEN', env.RAMPART_LIVE_LISTEN ?? '127.0.0.1:8080'),
      sandbox: parseListen('RAMPART_SANDBOX_LISTEN', env.RAMPART_SANDBOX_LISTEN ?? '127.0.0.1:8081'),
      admin: parseListen('RAMPART_ADMIN_LISTEN', env.RAMPART_ADMIN_LISTEN ?? '127.0.0.1:8090'),
    },
    publicUrl: {
      live: authority('RAMPART_LIVE_URL', env.RAMPART_LIVE_URL ?? 'http://127.0.0.1:8080'),
      sandbox: authority('RAMPART_SANDBOX_URL', env.RAMPART_SANDBOX_URL ?? 'http://127.0.0.1:8081'),
    },
    databaseUrl,
    dataDir: env.RAMPART_DATA_DIR ? resolve(env.RAMPART_DATA_DIR) : databaseDataDir(databaseUrl),
    adminToken: env.RAMPART_ADMIN_TOKEN || undefined,
    secretsKey,
    priceFeed: parseFeed(env, configDir, markets),
    sandboxPriceFeed: parseSandboxFeed(env, configDir, markets),
    tickRetentionHours: parseRetentionHours(env.RAMPART_TICK_RETENTION_HOURS),
    clock,
    tradingDayStartMinutes: parseTimeOfDay(env.RAMPART_TRADING_DAY_START ?? '00:00'),
    timezone,
    rateLimitsEnabled: rl === 'on',
    redisUrl: parseRedisUrl(env.RAMPART_REDIS_URL),
    redisPrefix: env.RAMPART_REDIS_PREFIX || 'rampart:rl',
    bootstrap: env.RAMPART_BOOTSTRAP !== '0',
    faults,
    ...(crashPoint !== undefined ? { crashPoint } : {}),
    docsUrl: (env.RAMPART_DOCS_URL ?? 'https://docs.rampart.dev').replace(/\/+$/, ''),
    webhookAllowPrivate: parseBool('RAMPART_WEBHOOK_ALLOW_PRIVATE', env.RAMPART_WEBHOOK_ALLOW_PRIVATE, false),
    trustProxy,
    logLevel: env.RAMPART_LOG_LEVEL ?? 'info',
    configDir,
    markets,
    products,
    limits,
    cluster,
    dashboard: parseDashboard(env),
    smtpUrl: parseSmtpUrl(env.RAMPART_SMTP_URL),
  };
}

export function hostOf(url: string): string {
  return new URL(url).host;
}
