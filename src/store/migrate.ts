import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../config/package-root.js';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

const dir = join(PACKAGE_ROOT, 'src/store/migrations');

/** The versioned SQL migrations, in order: `NNN_name.sql`. */
export function migrations(): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number.parseInt(f.slice(0, 3), 10), name: f.slice(4, -4), sql: readFileSync(join(dir, f), 'utf8') }));
}
