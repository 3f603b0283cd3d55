// Bundles the customer dashboard (dashboard/, Preact + TSX) into dist/dashboard/: index.html, app-<hash>.js,
// app-<hash>.css and the chart's chunk-<hash>.js, minified, with nothing left to fetch from elsewhere at run time. The dashboard listener
// (src/dashboard/pages.ts) calls ensureDashboardBuilt() when it starts, so `npm start` needs no build step; it
// rebuilds only when a file under dashboard/ (or this script) is newer than the built index.html.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DASHBOARD_SOURCE = join(ROOT, 'dashboard');
export const DASHBOARD_DIST = join(ROOT, 'dist', 'dashboard');
const SCRIPT = join(ROOT, 'bin', 'build-dashboard.mjs');

function newest(dir, acc = 0) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    acc = entry.isDirectory() ? newest(path, acc) : Math.max(acc, statSync(path).mtimeMs);
  }
  return acc;
}

/** True when dist/dashboard/index.html is missing or older than a file of dashboard/ or this script. */
export function isDashboardStale() {
  let built;
  try {
    built = statSync(join(DASHBOARD_DIST, 'index.html')).mtimeMs;
  } catch {
    return true;
  }
  const script = existsSync(SCRIPT) ? statSync(SCRIPT).mtimeMs : 0;
  return newest(DASHBOARD_SOURCE, script) > built;
}

/**
 * Builds into a directory of its own, then swaps it into place, so a process reading dist/dashboard never sees half
 * a build. Two processes building at once both produce the same files: the loser of the swap drops its copy.
 */
export async function buildDashboard() {
  const { build } = await import('esbuild');
  const tmp = join(ROOT, 'dist', `.dashboard-build-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  try {
    const result = await build({
      entryPoints: { app: join(DASHBOARD_SOURCE, 'src', 'main.tsx') },
      outdir: tmp,
      entryNames: '[name]-[hash]',
      // The chart library loads when an account page first draws its curve: sign-in and the lists start smaller.
      splitting: true,
      chunkNames: 'chunk-[hash]',
      bundle: true,
      minify: true,
      format: 'esm',
      target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
      jsx: 'automatic',
      jsxImportSource: 'preact',
      metafile: true,
      legalComments: 'none',
      logLevel: 'warning',
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    const outputs = Object.entries(result.metafile.outputs).map(([p, o]) => ({ name: basename(p), entry: o.entryPoint !== undefined }));
    const js = outputs.find((o) => o.entry && o.name.endsWith('.js'))?.name;
    const css = outputs.find((o) => o.name.startsWith('app-') && o.name.endsWith('.css'))?.name;
    if (!js || !css) throw new Error(`dashboard build made ${outputs.map((o) => o.name).join(', ')}: expected app-<hash>.js and app-<hash>.css`);
    const html = readFileSync(join(DASHBOARD_SOURCE, 'index.html'), 'utf8')
      .replace('<!--css-->', `<link rel="stylesheet" href="/assets/${css}">`)
      .replace('<!--js-->', `<script type="module" src="/assets/${js}"></script>`);
    writeFileSync(join(tmp, 'index.html'), html);
    mkdirSync(dirname(DASHBOARD_DIST), { recursive: true });
    // Another process finished a build of the same sources meanwhile: keep its copy rather than swap under readers.
    if (!isDashboardStale()) return;
    const old = `${DASHBOARD_DIST}.old-${process.pid}`;
    try {
      renameSync(DASHBOARD_DIST, old);
    } catch {
      // Nothing there yet, or another process is swapping its build in right now.
    }
    try {
      renameSync(tmp, DASHBOARD_DIST);
    } catch (err) {
      if (!existsSync(join(DASHBOARD_DIST, 'index.html'))) throw err;
    }
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

export async function ensureDashboardBuilt() {
  if (isDashboardStale()) await buildDashboard();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildDashboard();
