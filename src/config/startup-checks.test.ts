import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import type { App } from '../app.js';
import { banner } from '../server.js';
import { makeTestPki, tlsEnv } from '../../test/helpers/tls-certs.js';
import { privatePaths, startupWarnings } from './startup-checks.js';

describe('privatePaths', () => {
  it('names the SQLite file with its -wal and -shm, and the key files of the data directory', () => {
    const config = loadConfig({ RAMPART_DATABASE_URL: 'sqlite:/srv/rampart/rampart.db' });
    expect(privatePaths(config)).toEqual([
      '/srv/rampart',
      '/srv/rampart/rampart.db',
      '/srv/rampart/rampart.db-wal',
      '/srv/rampart/rampart.db-shm',
      '/srv/rampart/admin-token',
      '/srv/rampart/secrets-key',
    ]);
  });

  it('makes no path out of a PostgreSQL URL: only the data directory and its key files', () => {
    const config = loadConfig({ RAMPART_DATABASE_URL: 'postgres://rampart@db.internal:5432/rampart', RAMPART_DATA_DIR: '/srv/rampart' });
    expect(privatePaths(config)).toEqual(['/srv/rampart', join('/srv/rampart', 'admin-token'), join('/srv/rampart', 'secrets-key')]);
  });
});

describe('startupWarnings: the internal listener of a cluster', () => {
  const PG = 'postgres://rampart@db.internal:5432/rampart';
  const warnings = (env: Record<string, string>) => {
    const out: string[] = [];
    startupWarnings(loadConfig({ RAMPART_DATA_DIR: '/nonexistent-rampart', ...env }), { warn: (_o, msg) => void out.push(msg) });
    return out.filter((m) => m.includes('internal listener'));
  };

  it('warns (log and banner) when it listens off loopback in plain HTTP; not on loopback, with mutual TLS, nor on SQLite (no internal listener)', () => {
    const off = { RAMPART_DATABASE_URL: PG, RAMPART_INTERNAL_LISTEN: '10.0.0.5:8091' };
    expect(warnings(off)).toEqual([
      "the internal listener (node to node) listens on 10.0.0.5 without TLS: its requests are signed, but what they carry (forwarded requests with clients' API keys) crosses the network in clear; set RAMPART_INTERNAL_TLS_CERT, _KEY and _CA (mutual TLS) or keep it on a private, encrypted network",
    ]);
    expect(warnings({ RAMPART_DATABASE_URL: PG, RAMPART_INTERNAL_LISTEN: '[::1]:8091' })).toEqual([]);
    expect(warnings({ RAMPART_DATABASE_URL: PG })).toEqual([]);
    expect(warnings({ RAMPART_DATABASE_URL: 'sqlite::memory:', RAMPART_INTERNAL_LISTEN: '0.0.0.0:8091' })).toEqual([]);
    // With mutual TLS what crosses the network is encrypted: no warning.
    const pki = makeTestPki('warning');
    try {
      expect(warnings({ ...off, ...tlsEnv(pki) })).toEqual([]);
    } finally {
      rmSync(pki.dir, { recursive: true, force: true });
    }
    const app = { adminTokenGenerated: false, bootstrap: undefined } as unknown as App;
    const addresses = { live: 'l', sandbox: 's', admin: 'a', dashboard: 'd' };
    expect(banner(app, loadConfig(off), addresses)).toContain(`WARNING: ${warnings(off)[0]}`);
    expect(banner(app, loadConfig({ RAMPART_DATABASE_URL: PG }), addresses)).not.toContain('WARNING');
  });
});

describe('startupWarnings: the dashboard', () => {
  const warnings = (env: Record<string, string>) => {
    const out: string[] = [];
    startupWarnings(loadConfig({ RAMPART_DATABASE_URL: 'sqlite::memory:', ...env }), { warn: (_o, msg) => void out.push(msg) });
    return out.filter((m) => m.includes('dashboard'));
  };

  it('warns when it listens off loopback behind a plain http URL, not on loopback nor behind https', () => {
    expect(warnings({ RAMPART_DASHBOARD_LISTEN: '0.0.0.0:8082' })).toHaveLength(1);
    expect(warnings({ RAMPART_DASHBOARD_LISTEN: '0.0.0.0:8082', RAMPART_DASHBOARD_URL: 'https://dash.example.com' })).toEqual([]);
    expect(warnings({})).toEqual([]);
  });
});

describe('the dashboard settings', () => {
  it('default to 127.0.0.1:8082, its http URL, open sign-up, mail kept in the store', () => {
    const { dashboard, smtpUrl } = loadConfig({});
    expect(dashboard).toEqual({ listen: { host: '127.0.0.1', port: 8082 }, url: 'http://127.0.0.1:8082', signup: 'open', demoPassword: undefined });
    expect(smtpUrl).toBeUndefined();
  });

  it('refuse a sign-up mode, mail URL or listen address they do not know', () => {
    expect(() => loadConfig({ RAMPART_SIGNUP: 'closed' })).toThrow(/RAMPART_SIGNUP/);
    expect(() => loadConfig({ RAMPART_SMTP_URL: 'http://mail.example.com' })).toThrow(/RAMPART_SMTP_URL/);
    expect(() => loadConfig({ RAMPART_DASHBOARD_LISTEN: 'nowhere' })).toThrow(/RAMPART_DASHBOARD_LISTEN/);
    expect(loadConfig({ RAMPART_SMTP_URL: 'smtp://user:pw@mail.example.com:2525', RAMPART_SIGNUP: 'invite' })).toMatchObject({ smtpUrl: 'smtp://user:pw@mail.example.com:2525', dashboard: { signup: 'invite' } });
  });
});

describe('startupWarnings: the exchanges feed', () => {
  it('names the markets no source maps (they would never be priced)', () => {
    const base = loadConfig({ RAMPART_DATABASE_URL: 'sqlite::memory:', RAMPART_PRICE_FEED: 'exchanges' });
    const out: string[] = [];
    const warn = { warn: (_o: object, msg: string) => void out.push(msg) };
    startupWarnings(base, warn);
    expect(out.filter((m) => m.includes('price source'))).toEqual([]);
    if (base.priceFeed.kind !== 'exchanges') throw new Error('expected the exchanges feed');
    const sources = base.priceFeed.feeds.sources.map((s) => ({ ...s, markets: { 'BTC-USD': s.markets['BTC-USD']! } }));
    startupWarnings({ ...base, priceFeed: { kind: 'exchanges', feeds: { ...base.priceFeed.feeds, sources } } }, warn);
    expect(out.filter((m) => m.includes('price source'))).toEqual(['no price source maps ETH-USD, SOL-USD: those markets get no price (orders on them answer no_price)']);
  });
});

describe('startupWarnings: webhooks and proxies', () => {
  const warnings = (env: Record<string, string>, about: string) => {
    const out: string[] = [];
    startupWarnings(loadConfig({ RAMPART_DATABASE_URL: 'sqlite::memory:', ...env }), { warn: (_o, msg) => void out.push(msg) });
    return out.filter((m) => m.includes(about));
  };

  it('warns that RAMPART_WEBHOOK_ALLOW_PRIVATE=1 lets every endpoint reach private addresses', () => {
    expect(warnings({ RAMPART_WEBHOOK_ALLOW_PRIVATE: '1' }, 'RAMPART_WEBHOOK_ALLOW_PRIVATE')).toEqual([
      'RAMPART_WEBHOOK_ALLOW_PRIVATE=1: webhook endpoints may target private and loopback addresses (this host, its network, cloud metadata) in live and sandbox, and anyone who signs up can register one: for development only',
    ]);
    expect(warnings({}, 'RAMPART_WEBHOOK_ALLOW_PRIVATE')).toEqual([]);
  });

  it('warns that a proxy hop count trusts whoever connects when an API listener is off loopback', () => {
    expect(warnings({ RAMPART_TRUST_PROXY: '1', RAMPART_LIVE_LISTEN: '0.0.0.0:8080' }, 'RAMPART_TRUST_PROXY')).toHaveLength(1);
    expect(warnings({ RAMPART_TRUST_PROXY: '1' }, 'RAMPART_TRUST_PROXY')).toEqual([]);
    expect(warnings({ RAMPART_TRUST_PROXY: '10.0.0.0/8', RAMPART_LIVE_LISTEN: '0.0.0.0:8080' }, 'RAMPART_TRUST_PROXY')).toEqual([]);
  });
});
