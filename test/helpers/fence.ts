import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';

export const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const CRUISE = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

export interface Violation {
  from: string;
  rule: { name: string };
}

/**
 * Source files planted in a directory of src/ for one lint run (dependency-cruiser reads files from disk), named
 * per process so parallel runs never meet, and removed by `remove` (call it in afterAll as well).
 */
export class Planted {
  private readonly files: string[] = [];
  private readonly tag = `planted-${process.pid}`;

  constructor(private readonly dir: string) {}

  /** Writes `text` as a new file there; answers its path relative to the project root. */
  plant(text: string): string {
    const file = join(this.dir, `${this.tag}-${this.files.length}.ts`);
    writeFileSync(file, `${text}\n`);
    this.files.push(file);
    return relative(ROOT, file);
  }

  /** Writes `text` as `<tag>-<name>.ts` there, so files planted together may import one another by name. */
  plantNamed(name: string, text: string): string {
    const file = join(this.dir, `${this.tag}-${name}.ts`);
    writeFileSync(file, `${text}\n`);
    this.files.push(file);
    return relative(ROOT, file);
  }

  /** How a planted file is imported: `<tag>-<name>.js`. */
  importName(name: string): string {
    return `${this.tag}-${name}.js`;
  }

  remove(): void {
    for (const file of this.files.splice(0)) rmSync(file, { force: true });
  }
}

/** dependency-cruiser with the project's config over the given files: its violations (it exits non-zero on any). */
export async function cruise(files: readonly string[]): Promise<Violation[]> {
  let output: string;
  try {
    output = (await run(process.execPath, [CRUISE, ...files, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (err) {
    // Violations make the CLI exit non-zero; its report is still on stdout.
    output = (err as { stdout: string }).stdout;
  }
  return (JSON.parse(output) as { summary: { violations: Violation[] } }).summary.violations;
}
