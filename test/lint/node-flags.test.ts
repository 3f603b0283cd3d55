import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../../bin/node-flags.mjs';
import { ROOT } from '../helpers/fence.js';

/**
 * `rampart serve` runs with the Node.js options of bin/node-flags.mjs (V8's young generation and helper threads:
 * docs/PERFORMANCE.md run 22) wherever this repository starts it for real use or measurement: `npm start` (a
 * script, so written out), `npm run cluster` and the benchmarks (which import them). The operator's own command is
 * docs/DEPLOYMENT.md's.
 */
describe('the service runs with its Node.js options', () => {
  it('names the young generation size and the V8 helper threads', () => {
    expect(NODE_FLAGS).toEqual(expect.arrayContaining(['--max-semi-space-size=32', '--v8-pool-size=1']));
  });

  it('npm start passes every one, before the script', () => {
    const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
    const words = start.split(/\s+/);
    expect(words[0]).toBe('node');
    const script = words.indexOf('bin/rampart.mjs');
    expect(script).toBeGreaterThan(0);
    for (const flag of NODE_FLAGS) expect(words.slice(1, script)).toContain(flag);
  });

  it.each(['scripts/cluster.mjs', 'bench/lib.ts'])('%s spawns the server with them', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    expect(text).toMatch(/import \{ NODE_FLAGS \} from '\.\.\/bin\/node-flags\.mjs';/);
    expect(text).toMatch(/spawn\(process\.execPath, \[\.\.\.NODE_FLAGS, [^\]]*'bin\/rampart\.mjs'\), 'serve'\]/);
  });

  it('DEPLOYMENT.md tells the operator to pass them', () => {
    const doc = readFileSync(join(ROOT, 'docs/DEPLOYMENT.md'), 'utf8');
    for (const flag of NODE_FLAGS) expect(doc).toContain(flag);
  });
});
