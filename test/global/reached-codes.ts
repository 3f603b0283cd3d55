import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { CODES } from '../../src/errors/codes.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each test process writes the error codes its tests reached (one file per process). */
    reachedDir: string;
  }
}

/** Codes documented as not reachable yet (docs/DEVIATIONS.md). None today. */
export const NOT_YET_REACHABLE: readonly string[] = [];

/**
 * A suite that needs a service the machine lacks (Redis, PostgreSQL) is skipped, outside CI, and writes `excused:<code>` for
 * the codes only it reaches: those are not judged in that run (the skip says so); under CI=true it runs.
 */
export const EXCUSED = 'excused:';

/** Catalogue codes no test reached, given the codes that were: what the whole suite must leave empty. */
export function unreachedCodes(reached: ReadonlySet<string>): string[] {
  return Object.keys(CODES)
    .filter((c) => !NOT_YET_REACHABLE.includes(c) && !reached.has(c) && !reached.has(`${EXCUSED}${c}`))
    .sort();
}

/** Every code written by the test processes of this run. */
export function readReached(dir: string): Set<string> {
  const out = new Set<string>();
  for (const f of readdirSync(dir)) {
    for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) if (line !== '') out.add(line);
  }
  return out;
}

/**
 * Vitest runs test files in separate processes, so the codes the tests reach (through expectError) are collected
 * in files. Only a run of the whole suite can say a code is reached by no test: a run of some files, or of tests
 * filtered by name, is not judged. A whole run that leaves a code unreached fails with the list.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'rampart-reached-'));
  project.provide('reachedDir', dir);
  return async () => {
    try {
      const ran = new Set(project.vitest.state.getFiles().map((f) => f.filepath));
      const all = (await project.globTestFiles()).testFiles;
      const whole = all.length > 0 && all.every((f) => ran.has(f)) && !project.config.testNamePattern;
      // The "postgres" project runs the HTTP suites again on the other store: the "sqlite" project, which runs
      // every file, is the one that judges the run (once), whichever store a code was reached on.
      if (!whole || project.name === 'postgres') return;
      const missing = unreachedCodes(readReached(dir));
      if (missing.length > 0) {
        console.error(
          `\nError codes no test reached (${missing.length}, project ${project.name}): ${missing.join(', ')}\n` +
            'Each catalogue code must be answered over HTTP by a test asserting it with expectError.\n',
        );
        process.exitCode = 1;
      } else {
        console.log(`\nEvery error code of the catalogue was reached by a test${NOT_YET_REACHABLE.length ? ` (not yet reachable: ${NOT_YET_REACHABLE.join(', ')})` : ''}.`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
