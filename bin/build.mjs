// Bundles Rampart's sources (src/, TypeScript) into dist/rampart.mjs with esbuild: one file, packages left as
// imports of node_modules. bin/rampart.mjs calls ensureBuilt() on every start and rebuilds only when a source file
// is newer than the bundle, so the running code is always the code in src/. `npm run build` forces a build.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const BUNDLE = join(ROOT, 'dist', 'rampart.mjs');

function newestSource(dir, newest = 0) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = newestSource(path, newest);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** True when dist/rampart.mjs is missing or older than a source file (or than this build script). */
export function isStale() {
  let built;
  try {
    built = statSync(BUNDLE).mtimeMs;
  } catch {
    return true;
  }
  // The dashboard's build script is bundled in too (src/dashboard/pages.ts runs it at start).
  const scripts = Math.max(statSync(fileURLToPath(import.meta.url)).mtimeMs, statSync(join(ROOT, 'bin', 'build-dashboard.mjs')).mtimeMs);
  return newestSource(join(ROOT, 'src'), scripts) > built;
}

/** Builds the bundle in a directory of its own, then renames it into place: processes starting together never see half a file. */
export async function build() {
  const { build: esbuild } = await import('esbuild');
  const dir = join(dirname(BUNDLE), `.build-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  try {
    const tmp = join(dir, 'rampart.mjs');
    await esbuild({
      entryPoints: [join(ROOT, 'src/cli/main.ts')],
      outfile: tmp,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      logLevel: 'warning',
    });
    // The map first: a bundle in place always has its map (stack traces map back with NODE_OPTIONS=--enable-source-maps).
    renameSync(`${tmp}.map`, `${BUNDLE}.map`);
    renameSync(tmp, BUNDLE);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function ensureBuilt() {
  if (isStale()) await build();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await build();
