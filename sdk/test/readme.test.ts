import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The TypeScript of sdk/README.md type-checks against the SDK as it is, under `tsc --init`'s strict settings: each ```ts block becomes the body of a
 * function (its imports gathered at the top, `@rampart/sdk` pointing at the sources), beside the names the README
 * leaves to the reader (the request of a web handler, a saved body).
 */
const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
mkdirSync(join(root, '.scratch'), { recursive: true });
const dir = mkdtempSync(join(root, '.scratch', 'sdk-readme-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PRELUDE = `
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Account, Event, Body, Rampart as RampartClient } from '@rampart/sdk';
declare const rampart: RampartClient;
declare const account: Account;
declare const body: Body<'placeOrder'>;
declare const signal: { id: string };
declare const rawBody: string;
declare const req: IncomingMessage;
declare const res: ServerResponse;
declare function save(id: string | undefined): void;
declare function handle(event: Event): void;
`;

describe('sdk/README.md', () => {
  it('its TypeScript blocks type-check against the SDK', { timeout: 120_000 }, async () => {
    const blocks = [...readFileSync(join(root, 'sdk/README.md'), 'utf8').matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    const imports = new Set<string>();
    const bodies = blocks.map((block, i) => {
      const lines = block.split('\n').filter((l) => {
        if (!l.startsWith('import ')) return true;
        imports.add(l);
        return false;
      });
      return `export async function block${i}(): Promise<void> {\n${lines.join('\n')}\n}`;
    });
    // The README's imports name what they bring; the prelude's own are renamed so they never clash.
    writeFileSync(join(dir, 'readme.ts'), [...imports, PRELUDE, ...bodies].join('\n'));
    const sdk = relative(dir, join(root, 'sdk/src/index.ts')).replace(/\\/g, '/');
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          // The strict settings `tsc --init` writes today, so a snippet copied into a new project compiles there.
          target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2023'], types: ['node'], strict: true, noEmit: true, skipLibCheck: true,
          noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, verbatimModuleSyntax: true, isolatedModules: true,
          allowImportingTsExtensions: true, noUnusedLocals: false, paths: { '@rampart/sdk': [sdk] },
        },
        files: ['readme.ts'],
      }),
    );
    const tsc = await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { cwd: dir }).catch((e: { stdout: string }) => ({ stdout: e.stdout }));
    expect(tsc.stdout).toBe('');
  });
});
