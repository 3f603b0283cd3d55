import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { privatePaths } from './startup-checks.js';

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
