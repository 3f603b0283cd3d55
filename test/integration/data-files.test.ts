import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startChild } from '../helpers/child-server.js';

/** What `rampart serve` leaves on disk and says at start about the operator's setup (file modes, token, listener). */

const root = mkdtempSync(join(tmpdir(), 'rampart-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const mode = (path: string) => `0${(statSync(path).mode & 0o777).toString(8)}`;
/** The warnings about files and listeners (pino lines at level warn naming a path or a listen address) of a child's output. */
const warnings = (output: string) =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { level: number; msg: string; path?: string; mode?: string; listen?: string })
    .filter((l) => l.level === 40 && (l.path !== undefined || l.listen !== undefined));

describe('data files', { timeout: 120_000 }, () => {
  const dir = join(root, 'fresh', 'data');
  const db = join(dir, 'rampart.db');

  it('a first start makes the data directory 0700 and the database, -wal, -shm, admin token and key files 0600', async () => {
    // No RAMPART_ADMIN_TOKEN: the token file is made too.
    const c = await startChild({ dbFile: db, env: { RAMPART_ADMIN_TOKEN: '' } });
    try {
      expect(mode(dir)).toBe('0700');
      for (const f of [db, `${db}-wal`, `${db}-shm`, join(dir, 'admin-token'), join(dir, 'secrets-key')]) expect(mode(f), f).toBe('0600');
      expect(readFileSync(join(dir, 'admin-token'), 'utf8').trim().length).toBeGreaterThanOrEqual(32);
      expect(warnings(c.output())).toEqual([]);
    } finally {
      await c.stop();
    }
  });

  it('warns at start, with the path and the mode found, of each file or folder group or others can reach', async () => {
    chmodSync(dir, 0o755);
    chmodSync(db, 0o644);
    chmodSync(join(dir, 'admin-token'), 0o640);
    const c = await startChild({ dbFile: db, env: { RAMPART_ADMIN_TOKEN: '' } });
    try {
      const found = warnings(c.output()).map((w) => ({ path: w.path, mode: w.mode }));
      expect(found).toEqual([
        { path: dir, mode: '0755' },
        { path: db, mode: '0644' },
        { path: join(dir, 'admin-token'), mode: '0640' },
      ]);
    } finally {
      await c.stop();
    }
  });
});

describe('operator token and listener', { timeout: 120_000 }, () => {
  it('refuses an operator token shorter than 32 characters in RAMPART_ADMIN_TOKEN (exit 2, a clear message)', async () => {
    const started = startChild({ dbFile: join(root, 'short-env', 'rampart.db'), env: { RAMPART_ADMIN_TOKEN: 'radm_short_token' } });
    await expect(started).rejects.toThrow(/exited \(2\)[\s\S]*RAMPART_ADMIN_TOKEN: the operator token must be at least 32 characters, got 16/);
  });

  it('refuses a token file holding a token shorter than 32 characters', async () => {
    const dir = join(root, 'short-file');
    const started0 = await startChild({ dbFile: join(dir, 'rampart.db'), env: { RAMPART_ADMIN_TOKEN: '' } });
    await started0.stop();
    writeFileSync(join(dir, 'admin-token'), 'radm_short\n', { mode: 0o600 });
    const started = startChild({ dbFile: join(dir, 'rampart.db'), env: { RAMPART_ADMIN_TOKEN: '' } });
    await expect(started).rejects.toThrow(/exited \(2\)[\s\S]*admin-token: the operator token must be at least 32 characters, got 10/);
  });

  it('warns when the operator API listens on an address that is not loopback', async () => {
    const c = await startChild({ dbFile: join(root, 'wide', 'rampart.db'), env: { RAMPART_ADMIN_LISTEN: '0.0.0.0:0' } });
    try {
      expect(warnings(c.output()).map((w) => w.listen)).toEqual(['0.0.0.0:0']);
    } finally {
      await c.stop();
    }
  });
});
