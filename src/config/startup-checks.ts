import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ipaddr from 'ipaddr.js';
import { unmappedMarkets } from './feeds.js';
import { isPostgresUrl, type Config } from './config.js';

interface WarnLog {
  warn(obj: object, msg: string): void;
}

/** The files of the data directory that hold customer data or secrets (the directory itself comes first). */
export function privatePaths(config: Config): string[] {
  const keys = [join(config.dataDir, 'admin-token'), join(config.dataDir, 'secrets-key')];
  // A PostgreSQL store's files belong to its server: no path is made from its URL.
  if (!config.databaseUrl.startsWith('sqlite:')) return [config.dataDir, ...keys];
  const db = config.databaseUrl.slice('sqlite:'.length);
  return [config.dataDir, db, `${db}-wal`, `${db}-shm`, ...keys];
}

const octal = (mode: number): string => `0${(mode & 0o777).toString(8)}`;

/**
 * Paths that exist and that group or others may read, write or search. Rampart creates them 0700/0600; a looser
 * mode was set by hand (or by a copy or restore), and lets any local user read the data or the operator token.
 */
export function loosePaths(config: Config): { path: string; mode: string }[] {
  if (config.databaseUrl === 'sqlite::memory:') return [];
  return privatePaths(config)
    .filter((p) => existsSync(p) && (statSync(p).mode & 0o077) !== 0)
    .map((path) => ({ path, mode: octal(statSync(path).mode) }));
}

export function isLoopbackHost(host: string): boolean {
  if (host.toLowerCase() === 'localhost') return true;
  if (!ipaddr.isValid(host)) return false;
  const addr = ipaddr.process(host);
  return addr.range() === 'loopback';
}

/**
 * The internal listener of a cluster (PostgreSQL) reachable from the network in plain HTTP: its requests are signed
 * (no one without the node secret is served), but what they carry — forwarded requests with the clients' API keys
 * and bodies, engine answers — crosses the network in clear. Mutual TLS (RAMPART_INTERNAL_TLS_*) ends the warning.
 * The banner shows the same line.
 */
export function internalListenerWarning(config: Config): string | undefined {
  const at = config.cluster.internalListen;
  if (!isPostgresUrl(config.databaseUrl) || isLoopbackHost(at.host) || config.cluster.tls) return undefined;
  return (
    `the internal listener (node to node) listens on ${at.host} without TLS: its requests are signed, but what they carry ` +
    "(forwarded requests with clients' API keys) crosses the network in clear; set RAMPART_INTERNAL_TLS_CERT, _KEY and _CA (mutual TLS) " +
    'or keep it on a private, encrypted network'
  );
}

/**
 * Warnings about the operator's setup at start: loose file modes, an operator API reachable from the network, a
 * dashboard served off loopback over plain http (its session cookie then travels unencrypted, without Secure),
 * webhooks allowed to private targets, a proxy hop count on a listener off loopback, and markets no exchange source
 * prices.
 */
export function startupWarnings(config: Config, log: WarnLog): void {
  for (const loose of loosePaths(config)) {
    log.warn(
      { path: loose.path, mode: loose.mode },
      `${loose.path} has mode ${loose.mode}: group and others can reach it; chmod ${loose.path === config.dataDir ? '700' : '600'} it`,
    );
  }
  const admin = config.listen.admin;
  if (!isLoopbackHost(admin.host)) {
    log.warn(
      { listen: `${admin.host}:${admin.port}` },
      `the operator API listens on ${admin.host}, not on a loopback address: anyone who can reach it may try the operator token`,
    );
  }
  const internal = internalListenerWarning(config);
  if (internal) log.warn({ listen: `${config.cluster.internalListen.host}:${config.cluster.internalListen.port}` }, internal);
  const dashboard = config.dashboard;
  if (!isLoopbackHost(dashboard.listen.host) && new URL(dashboard.url).protocol !== 'https:') {
    log.warn(
      { listen: `${dashboard.listen.host}:${dashboard.listen.port}`, url: dashboard.url },
      `the dashboard listens on ${dashboard.listen.host} but RAMPART_DASHBOARD_URL is not https: session cookies would cross the network in clear; serve it behind TLS and set an https RAMPART_DASHBOARD_URL`,
    );
  }
  if (config.webhookAllowPrivate) {
    log.warn(
      { setting: 'RAMPART_WEBHOOK_ALLOW_PRIVATE' },
      'RAMPART_WEBHOOK_ALLOW_PRIVATE=1: webhook endpoints may target private and loopback addresses (this host, its network, cloud metadata) in live and sandbox, and anyone who signs up can register one: for development only',
    );
  }
  const apiHosts = [config.listen.live, config.listen.sandbox, config.dashboard.listen].map((l) => l.host).filter((h) => !isLoopbackHost(h));
  if (typeof config.trustProxy === 'number' && apiHosts.length > 0) {
    log.warn(
      { setting: 'RAMPART_TRUST_PROXY', hops: config.trustProxy, listen: apiHosts },
      `RAMPART_TRUST_PROXY=${config.trustProxy} takes the client's address from X-Forwarded-For whoever connects, and a listener is on ${apiHosts.join(', ')}: a client that reaches it directly can claim any address. Let only your proxies reach it, or give their addresses (RAMPART_TRUST_PROXY=10.0.0.0/8)`,
    );
  }
  const feed = config.priceFeed;
  if (feed.kind === 'exchanges') {
    const unmapped = unmappedMarkets(feed.feeds, config.markets.map((m) => m.id));
    if (unmapped.length > 0) {
      log.warn({ markets: unmapped, file: feed.feeds.file }, `no price source maps ${unmapped.join(', ')}: those markets get no price (orders on them answer no_price)`);
    }
  }
}
