import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cruise, Planted, ROOT } from '../helpers/fence.js';

const ENGINE = join(ROOT, 'src/engine');
const planted = new Planted(ENGINE);
const tag = `planted-${process.pid}`;

/**
 * The engine's purity fence, checked by linting each forbidden thing as an engine file (ESLint's lintText with an
 * src/engine path; dependency-cruiser needs files on disk, so those are planted for one run and removed) with the
 * real lint (ESLint with eslint.config.js, dependency-cruiser with .dependency-cruiser.cjs) on it: one case per
 * banned item, and a clean file that must pass both (the fence is not so wide the engine cannot be written).
 */
const LINT_CASES: Record<string, string> = {
  'Date.now()': 'export const t = Date.now();',
  'new Date()': 'export const t = new Date().getTime();',
  'Date()': 'export const t = Date();',
  'Math.random()': 'export const r = Math.random();',
  setTimeout: 'export const h = setTimeout(() => undefined, 1);',
  setInterval: 'export const h = setInterval(() => undefined, 1);',
  setImmediate: 'export const h = setImmediate(() => undefined);',
  queueMicrotask: 'queueMicrotask(() => undefined);',
  'globalThis.setTimeout': 'export const h = globalThis.setTimeout(() => undefined, 1);',
  'performance.now()': 'export const t = performance.now();',
  'process.hrtime': 'export const t = process.hrtime.bigint();',
  'node:fs': "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;",
  'node:http': "import { createServer } from 'node:http';\nexport const f = createServer;",
  'fs (no prefix)': "import { readFileSync } from 'fs';\nexport const f = readFileSync;",
  'src/config': "import { loadConfig } from '../config/config.js';\nexport const f = loadConfig;",
  pino: "import pino from 'pino';\nexport const f = pino;",
};

/** What dependency-cruiser must refuse (imports only; calls are ESLint's part). */
const CRUISE_CASES: Record<string, string> = {
  'node:fs': LINT_CASES['node:fs']!,
  'node:http': LINT_CASES['node:http']!,
  'node:timers': "import { setTimeout as later } from 'node:timers';\nexport const f = later;",
  'fs (no prefix)': LINT_CASES['fs (no prefix)']!,
  'src/config': LINT_CASES['src/config']!,
  pino: LINT_CASES.pino!,
  fastify: "import Fastify from 'fastify';\nexport const f = Fastify;",
  'src/store': "import type { Store } from '../store/port.js';\nexport type S = Store;",
};

const CLEAN = [
  "import type { Clock } from './clock.js';",
  '/** Time from the Clock; a Date made from a given instant reads no time. */',
  'export const weekday = (clock: Clock): number => new Date(clock.now()).getUTCDay();',
  '',
].join('\n');

describe('engine purity fence', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT });
  });
  afterAll(() => planted.remove());

  it.each(Object.entries(LINT_CASES))('ESLint refuses %s in src/engine', async (_name, text) => {
    // Linted as if it were an engine source file: nothing is written into the tree for ESLint.
    const [result] = await eslint.lintText(`${text}\n`, { filePath: join(ENGINE, `${tag}.ts`) });
    const restricted = result!.messages.filter((m) => m.ruleId?.startsWith('no-restricted-'));
    expect(restricted.length, JSON.stringify(result!.messages)).toBeGreaterThan(0);
    expect(result!.errorCount).toBeGreaterThan(0);
  });

  it('ESLint lets a test file in src/engine use them (tests may need real time)', async () => {
    const [result] = await eslint.lintText(`${LINT_CASES['Math.random()']}\n${LINT_CASES.setTimeout}\n`, { filePath: join(ENGINE, `${tag}.test.ts`) });
    expect(result!.messages.filter((m) => m.ruleId?.startsWith('no-restricted-'))).toEqual([]);
  });

  it('ESLint and dependency-cruiser pass engine code that takes time from the Clock', async () => {
    const [result] = await eslint.lintText(CLEAN, { filePath: join(ENGINE, `${tag}.ts`) });
    expect(result!.messages).toEqual([]);
    // dependency-cruiser reads files from disk: this is the only file planted, removed at once.
    try {
      expect(await cruise([planted.plant(CLEAN)])).toEqual([]);
    } finally {
      planted.remove();
    }
  });

  it('dependency-cruiser refuses each forbidden import into src/engine', { timeout: 120_000 }, async () => {
    const files = Object.entries(CRUISE_CASES).map(([name, text]) => [name, planted.plant(text)] as const);
    let violations;
    try {
      violations = await cruise(files.map(([, f]) => f));
    } finally {
      planted.remove();
    }
    for (const [name, file] of files) {
      expect(violations.filter((v) => v.from === file).map((v) => v.rule.name), name).not.toEqual([]);
    }
  });
});
