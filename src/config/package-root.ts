import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The directory of Rampart's package.json, found by walking up from this module. The same answer whether the
 * sources run directly (src/config/) or bundled (dist/rampart.mjs), so config/ and the migrations are found either way.
 */
export function packageRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'rampart') return dir;
    if (dirname(dir) === dir) throw new Error(`Rampart's package.json not found above ${from}`);
  }
}

export const PACKAGE_ROOT = packageRoot();
