import { execFile } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, createLogger } from '../../src/app.js';
import type { Config } from '../../src/config/config.js';
import { startChild } from '../helpers/child-server.js';
import { WebhookReceiver } from '../helpers/receiver.js';
import { RawStore } from '../helpers/raw-store.js';
import { TestServer } from '../helpers/server.js';

/** Webhook signing secrets at rest: sealed in the database, the key outside it, rotation, refusal of a wrong key. */

const run = promisify(execFile);
const BIN = resolve(import.meta.dirname, '../../bin/rampart.mjs');
let n = 0;
const ik = () => `whs-${++n}`;

const keyFile = (config: Config) => join(config.dataDir, 'secrets-key');
const keyLines = (config: Config) => readFileSync(keyFile(config), 'utf8').split('\n').filter((l) => l !== '' && !l.startsWith('#'));

/** A statement on the store of `config` through a connection of its own (closed after). */
async function onStore<T>(config: Config, sql: string, params: unknown[]): Promise<T[]> {
  const raw = new RawStore(config.databaseUrl);
  try {
    return await raw.query<T>(sql, params);
  } finally {
    await raw.close();
  }
}

async function storedSecret(config: Config, id: string): Promise<string> {
  const [row] = await onStore<{ secret: string }>(config, 'SELECT secret FROM webhooks WHERE id = ?', [id]);
  return row!.secret;
}

/**
 * What any local user able to read the database would see: for SQLite the bytes of the file and its WAL; for
 * PostgreSQL (whose files belong to the server) every text of the webhooks table as stored.
 */
async function rawBytes(config: Config): Promise<string> {
  const raw = new RawStore(config.databaseUrl);
  if (raw.kind === 'sqlite') return [raw.file, `${raw.file}-wal`].filter(existsSync).map((f) => readFileSync(f).toString('latin1')).join('');
  return JSON.stringify(await onStore(config, 'SELECT * FROM webhooks', []));
}

/** How a `rampart serve` of its own reaches the same store and data directory (key file) as `config`. */
const childStore = (config: Config) => ({ databaseUrl: config.databaseUrl, env: { RAMPART_DATA_DIR: config.dataDir } });

async function cli(config: Config, env: Record<string, string>, ...args: string[]) {
  const childEnv = { ...process.env, RAMPART_DATABASE_URL: config.databaseUrl, RAMPART_DATA_DIR: config.dataDir, RAMPART_LOG_LEVEL: 'silent', ...env };
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env: childEnv });
    return { code: 0, out: JSON.parse(stdout), stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout, stderr: e.stderr };
  }
}

async function trader(s: TestServer) {
  await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
  await s.settleTrading();
  return s.trader();
}

async function register(s: TestServer, key: string, url: string) {
  const r = await s.sandboxCall('POST', '/v1/webhooks', { key, idempotencyKey: ik(), body: { url } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; secret: string };
}

/** Places an order (one event at least), lets the deliveries run, and checks every one verifies with the secret. */
async function deliveredAndVerified(s: TestServer, t: { key: string; accountId: string }, rcv: WebhookReceiver, secret: string): Promise<void> {
  const before = rcv.accepted.length;
  const body = { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59500' };
  const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  await s.settleTrading();
  await s.drainWebhooks();
  const fresh = rcv.accepted.slice(before);
  expect(fresh.length).toBeGreaterThan(0);
  const wh = new Webhook(secret);
  for (const q of fresh) expect(() => wh.verify(q.body, q.headers as Record<string, string>)).not.toThrow();
}

describe('signing secrets sealed at rest', { timeout: 120_000 }, () => {
  let s: TestServer;
  let rcv: WebhookReceiver;
  let t: { key: string; accountId: string };
  let hook: { id: string; secret: string };

  beforeAll(async () => {
    s = await TestServer.start();
    rcv = await WebhookReceiver.start();
    t = await trader(s);
    hook = await register(s, t.key, rcv.url);
  });
  afterAll(async () => {
    await s.close();
    await rcv.close();
  });

  it('stores no whsec_ text: the row holds the secret sealed with the key of the 0600 key file, and deliveries verify', async () => {
    const config = s.services.config;
    expect(hook.secret).toMatch(/^whsec_/);
    const stored = await storedSecret(config, hook.id);
    expect(stored).toMatch(/^sealed:v1:[0-9a-f]{16}:/);
    expect(stored).not.toContain('whsec_');
    const raw = await rawBytes(config);
    // (The schema's comment names whsec_ itself: what must not be there is a secret.)
    expect(raw).not.toMatch(/whsec_[A-Za-z0-9+/]{8}/);
    expect(raw).not.toContain(hook.secret.slice('whsec_'.length));
    expect(statSync(keyFile(config)).mode & 0o777).toBe(0o600);
    expect(keyLines(config)).toHaveLength(1);
    await deliveredAndVerified(s, t, rcv, hook.secret);
  });

  it('rampart secrets rotate seals every secret again under a new key; the running server keeps signing with the same whsec_', async () => {
    const config = s.services.config;
    const sealedBefore = await storedSecret(config, hook.id);
    const keyBefore = keyLines(config);
    const r = await cli(config, {}, 'secrets', 'rotate');
    expect(r.code, r.stderr).toBe(0);
    expect(r.out).toMatchObject({ resealed: 1, key_file: keyFile(config), previous_key_ids: [sealedBefore.split(':')[2]] });
    expect(r.out.key_id).not.toBe(sealedBefore.split(':')[2]);
    expect(JSON.stringify(r.out)).not.toContain(keyBefore[0]);
    const sealedAfter = await storedSecret(config, hook.id);
    expect(sealedAfter).not.toBe(sealedBefore);
    expect(sealedAfter.startsWith(`sealed:v1:${r.out.key_id}:`)).toBe(true);
    const keyAfter = keyLines(config);
    expect(keyAfter).toHaveLength(1);
    expect(keyAfter[0]).not.toBe(keyBefore[0]);
    expect(statSync(keyFile(config)).mode & 0o777).toBe(0o600);
    await deliveredAndVerified(s, t, rcv, hook.secret);
    // The list never shows the secret, sealed or not.
    const list = await s.sandboxCall('GET', '/v1/webhooks', { key: t.key });
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
  });

  it('seals at start a secret stored in plain text (a database from before sealing), and deliveries verify', async () => {
    const config = s.services.config;
    // Written while the service is down, as a database from before sealing would hold it.
    await s.restart(async () => {
      await onStore(config, 'UPDATE webhooks SET secret = ? WHERE id = ?', [hook.secret, hook.id]);
    });
    const stored = await storedSecret(config, hook.id);
    expect(stored).toMatch(/^sealed:v1:/);
    expect(stored).not.toContain('whsec_');
    await deliveredAndVerified(s, t, rcv, hook.secret);
  });
});

describe('start with a missing or wrong key', { timeout: 120_000 }, () => {
  let config: Config;

  beforeAll(async () => {
    const s = await TestServer.start();
    const t = await trader(s);
    await register(s, t.key, 'https://hooks.example.com/rampart');
    config = s.services.config;
    await s.app.close();
  });
  afterAll(() => rmSync(config.dataDir, { recursive: true, force: true }));

  const otherKey = Buffer.alloc(32, 7).toString('base64');

  it('refuses to start (rampart serve exits 2) when RAMPART_SECRETS_KEY is not the key the secrets were sealed with', async () => {
    const started = startChild({ databaseUrl: childStore(config).databaseUrl, env: { ...childStore(config).env, RAMPART_SECRETS_KEY: otherKey } });
    await expect(started).rejects.toThrow(/exited \(2\)[\s\S]*is sealed with key [0-9a-f]{16}, and RAMPART_SECRETS_KEY \(key [0-9a-f]{16}\) does not open it/);
  });

  it('refuses to start when the key file is gone, and makes no new key', async () => {
    const file = keyFile(config);
    renameSync(file, `${file}.aside`);
    try {
      await expect(build({ config, logger: createLogger('silent') })).rejects.toThrow(/sealed with key [0-9a-f]{16}, but RAMPART_SECRETS_KEY is not set and .*secrets-key does not exist/);
      expect(existsSync(file)).toBe(false);
    } finally {
      renameSync(`${file}.aside`, file);
    }
    const app = await build({ config, logger: createLogger('silent') });
    await app.close();
  });

  it('rotate with the key in RAMPART_SECRETS_KEY needs the new key in RAMPART_SECRETS_NEW_KEY, and prints no key', async () => {
    const [current] = keyLines(config);
    const refused = await cli(config, { RAMPART_SECRETS_KEY: current! }, 'secrets', 'rotate');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/RAMPART_SECRETS_KEY is set: give the new key in RAMPART_SECRETS_NEW_KEY/);
    const done = await cli(config, { RAMPART_SECRETS_KEY: current!, RAMPART_SECRETS_NEW_KEY: otherKey }, 'secrets', 'rotate');
    expect(done.code, done.stderr).toBe(0);
    expect(done.out).toMatchObject({ resealed: 1, key_file: null });
    expect(JSON.stringify(done.out)).not.toContain(otherKey);
    expect(keyLines(config)).toEqual([current]);
    // The server starts with the new key, and not with the old one any more.
    const app = await build({ config: { ...config, secretsKey: otherKey }, logger: createLogger('silent') });
    await app.close();
    await expect(build({ config, logger: createLogger('silent') })).rejects.toThrow(/does not open it/);
  });

  it('refuses a RAMPART_SECRETS_KEY that is not the base64 of 32 bytes', async () => {
    const started = startChild({ databaseUrl: childStore(config).databaseUrl, env: { ...childStore(config).env, RAMPART_SECRETS_KEY: 'c2hvcnQ=' } });
    await expect(started).rejects.toThrow(/exited \(2\)[\s\S]*RAMPART_SECRETS_KEY must be the base64 of 32 bytes/);
  });
});
