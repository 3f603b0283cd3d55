import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const ROUTES = join(ROOT, 'src/http/routes');
const run = promisify(execFile);

/**
 * The route fence (.dependency-cruiser.cjs, routes-through-facades): a route file reaches the application through
 * the facades of its handler context, never the composition root nor the store. Checked with the real
 * dependency-cruiser on route files planted for one run (it reads files from disk) and removed at once.
 */
const FORBIDDEN: Record<string, string> = {
  'services/rampart.ts': "import type { Rampart } from '../../services/rampart.js';\nexport type R = Rampart;",
  'store/port.ts': "import type { Store } from '../../store/port.js';\nexport type S = Store;",
  'store/sqlite': "import { RecordCache } from '../../store/sqlite/cache.js';\nexport const C = RecordCache;",
};
const CLEAN = "import type { AccountsFacade } from '../facades.js';\nexport type A = AccountsFacade;";

const tag = `planted-${process.pid}`;
const planted: string[] = [];
const plant = (text: string): string => {
  const file = join(ROUTES, `${tag}-${planted.length}.ts`);
  writeFileSync(file, `${text}\n`);
  planted.push(file);
  return relative(ROOT, file);
};
const removePlanted = () => {
  for (const file of planted) rmSync(file, { force: true });
};

describe('route fence', () => {
  afterAll(removePlanted);

  it('dependency-cruiser refuses a route that imports Rampart or the store, and passes one that imports the facades', { timeout: 120_000 }, async () => {
    const cases = Object.entries(FORBIDDEN).map(([name, text]) => [name, plant(text)] as const);
    const clean = plant(CLEAN);
    let output: string;
    try {
      const files = [...cases.map(([, f]) => f), clean];
      const r = await run(process.execPath, [join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), ...files, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
        cwd: ROOT,
        maxBuffer: 64 * 1024 * 1024,
      });
      output = r.stdout;
    } catch (err) {
      // Violations make the CLI exit non-zero; its report is still on stdout.
      output = (err as { stdout: string }).stdout;
    } finally {
      removePlanted();
    }
    const violations = (JSON.parse(output) as { summary: { violations: { from: string; rule: { name: string } }[] } }).summary.violations;
    for (const [name, file] of cases) {
      expect(violations.filter((v) => v.from === file).map((v) => v.rule.name), name).toContain('routes-through-facades');
    }
    expect(violations.filter((v) => v.from === clean)).toEqual([]);
  });
});
