import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { loadConfig, withoutPassword } from '../../src/config/config.js';
import { banner } from '../../src/server.js';
import { startChild } from '../helpers/child-server.js';
import { freshSchema, postgresAvailable } from '../helpers/postgres.js';

/**
 * What `rampart serve` prints at start (docs/SECURITY.md, findings 1 and 11): the database URL without its password,
 * whether webhooks may reach private addresses, and a refusal of settings that would open a hole.
 */

const pgUp = await postgresAvailable();
const root = mkdtempSync(join(tmpdir(), 'rampart-banner-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const app = { adminTokenGenerated: false, bootstrap: undefined } as unknown as App;
const addresses = { live: 'l', sandbox: 's', admin: 'a', dashboard: 'd' };
const lineOf = (text: string, label: string) => text.split('\n').find((l) => l.startsWith(`  ${label}`));

describe('the start banner', () => {
  it.each([
    ['postgres://rampart:s3cret-Pw@db.internal:5432/rampart', 'postgres://rampart:***@db.internal:5432/rampart'],
    ['postgresql://rampart:p%40ss@db:5432/r?options=-c%20search_path%3Drampart', 'postgresql://rampart:***@db:5432/r?options=-c%20search_path%3Drampart'],
    ['postgres://rampart:raw@pass@db/r', 'postgres://rampart:***@db/r'],
    ['postgres://rampart@db/r?sslmode=require&password=s3cret-Pw', 'postgres://rampart@db/r?sslmode=require&password=***'],
    ['postgres://db/r?user=rampart&password=s3cret-Pw&sslpassword=k3y', 'postgres://db/r?user=rampart&password=***&sslpassword=***'],
    ['postgres://rampart@db.internal/rampart', 'postgres://rampart@db.internal/rampart'],
    ['sqlite:./data/rampart.db', 'sqlite:./data/rampart.db'],
  ])('shows the storage %s as %s', (url, shown) => {
    expect(withoutPassword(url)).toBe(shown);
    const text = banner(app, loadConfig({ RAMPART_DATABASE_URL: url, RAMPART_DATA_DIR: root }), addresses);
    expect(lineOf(text, 'storage')).toMatch(new RegExp(`^  storage {7}${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} {3}prices: `));
    for (const secret of ['s3cret-Pw', 'k3y', 'p%40ss', 'raw@pass']) expect(text).not.toContain(secret);
  });

  it('says whether webhooks may reach private addresses', () => {
    expect(lineOf(banner(app, loadConfig({}), addresses), 'webhooks')).toBe('  webhooks      public addresses only');
    expect(lineOf(banner(app, loadConfig({ RAMPART_WEBHOOK_ALLOW_PRIVATE: '1' }), addresses), 'webhooks')).toBe(
      '  webhooks      PRIVATE AND LOOPBACK TARGETS ALLOWED (RAMPART_WEBHOOK_ALLOW_PRIVATE=1): for development only',
    );
  });
});

describe('rampart serve', { timeout: 120_000 }, () => {
  it.runIf(pgUp)('on PostgreSQL prints nothing of the database password, and warns of RAMPART_WEBHOOK_ALLOW_PRIVATE=1', async () => {
    const schema = await freshSchema();
    // The test server trusts loopback connections: the password is not checked, only carried.
    const u = new URL(schema.url);
    u.password = 'banner-s3cret';
    u.searchParams.set('password', 'query-s3cret');
    const c = await startChild({ databaseUrl: u.toString(), env: { RAMPART_DATA_DIR: join(root, 'pg'), RAMPART_WEBHOOK_ALLOW_PRIVATE: '1' } });
    try {
      const out = c.output();
      expect(out).not.toContain('banner-s3cret');
      expect(out).not.toContain('query-s3cret');
      expect(lineOf(out, 'storage')).toContain(':***@127.0.0.1');
      expect(lineOf(out, 'webhooks')).toContain('PRIVATE AND LOOPBACK TARGETS ALLOWED');
      const warned = out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { level: number; setting?: string })
        .filter((l) => l.level === 40 && l.setting === 'RAMPART_WEBHOOK_ALLOW_PRIVATE');
      expect(warned).toHaveLength(1);
    } finally {
      await c.stop();
      await schema.drop();
    }
  });

  it('refuses RAMPART_TRUST_PROXY=true (exit 2, a clear message): trusting every hop lets any client claim any address', async () => {
    const started = startChild({ dbFile: join(root, 'trust', 'rampart.db'), env: { RAMPART_TRUST_PROXY: 'true' } });
    await expect(started).rejects.toThrow(/exited \(2\)[\s\S]*RAMPART_TRUST_PROXY=true would trust every X-Forwarded-For entry, so any client could claim any address/);
  });
});
