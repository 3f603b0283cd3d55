#!/usr/bin/env node
// Runs Rampart from dist/rampart.mjs, the sources bundled by esbuild; rebuilt first when a source file is newer
// (about 0.3 s), so `npm ci` is the whole install and the code that runs is always src/. RAMPART_FROM_SOURCE=1 runs
// the TypeScript sources through tsx instead (no bundle; slower to start, for debugging).
import { pathToFileURL } from 'node:url';

if (process.env.RAMPART_FROM_SOURCE === '1') {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
} else {
  const { BUNDLE, ensureBuilt } = await import('./build.mjs');
  await ensureBuilt();
  await import(pathToFileURL(BUNDLE).href);
}
