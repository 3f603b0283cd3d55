#!/usr/bin/env node
// Runs Rampart from dist/rampart.mjs, the sources bundled by esbuild; rebuilt first when a source file is newer
// (about 0.3 s), so `npm ci` is the whole install and the code that runs is always src/. RAMPART_FROM_SOURCE=1 runs
// the TypeScript sources through tsx instead (no bundle; slower to start, for debugging) — as does a bundle that
// cannot be built (a read-only install, no esbuild binary for this platform), with a warning.
import { pathToFileURL } from 'node:url';

async function fromSource() {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}

if (process.env.RAMPART_FROM_SOURCE === '1') await fromSource();
else {
  const { BUNDLE, ensureBuilt } = await import('./build.mjs');
  let built = true;
  try {
    await ensureBuilt();
  } catch (err) {
    built = false;
    process.stderr.write(`rampart: could not build ${BUNDLE} (${err instanceof Error ? err.message : String(err)}); running the sources through tsx\n`);
  }
  if (built) await import(pathToFileURL(BUNDLE).href);
  else await fromSource();
}
