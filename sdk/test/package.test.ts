import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The package builds as it is published: tsc with sdk/tsconfig.build.json (what `npm run sdk:build` runs) into a
 * scratch directory, where package.json's `exports` find the JavaScript and its declarations, and the built
 * module works.
 */
const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
mkdirSync(join(root, '.scratch'), { recursive: true });
const out = mkdtempSync(join(root, '.scratch', 'sdk-build-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('@rampart/sdk', () => {
  it('builds to ESM with declarations where package.json exports point', { timeout: 120_000 }, async () => {
    const pkg = JSON.parse(readFileSync(join(root, 'sdk/package.json'), 'utf8'));
    expect(pkg).toMatchObject({ name: '@rampart/sdk', type: 'module', exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } } });
    await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'sdk/tsconfig.build.json'), '--outDir', out], { cwd: root });
    for (const file of ['index.js', 'index.d.ts', 'generated/openapi.d.ts', 'generated/operations.js']) expect(existsSync(join(out, file)), file).toBe(true);
    const sdk = await import(pathToFileURL(join(out, 'index.js')).href);
    const rampart = new sdk.Rampart({ apiKey: 'rk_live_x' });
    expect(rampart.environment).toBe('live');
    expect(rampart.baseUrl).toBe(sdk.DEFAULT_BASE_URLS.live);
    expect(typeof rampart.orders.place).toBe('function');
    expect(typeof sdk.verifyWebhook).toBe('function');
    expect(new sdk.RuleRejectionError(422, { type: 'rule_rejection', code: 'insufficient_margin', message: 'm', request_id: 'req_1', retryable: false, doc_url: '' }, new Headers())).toBeInstanceOf(sdk.RampartError);
  });

  it('installs as its README says: `npm run sdk:pack`, then `npm install <tarball>` in another project, and imports', { timeout: 180_000 }, async () => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    await run(npm, ['run', 'sdk:pack', '--silent'], { cwd: root });
    const pkg = JSON.parse(readFileSync(join(root, 'sdk/package.json'), 'utf8')) as { version: string };
    const tarball = join(root, 'sdk', `rampart-sdk-${pkg.version}.tgz`);
    expect(existsSync(tarball), tarball).toBe(true);
    const project = join(out, 'project');
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true, type: 'module' }));
    // No dependency to fetch: the install needs no registry.
    await run(npm, ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: project });
    const { stdout } = await run(process.execPath, ['-e', "import('@rampart/sdk').then((m) => console.log(new m.Rampart({ apiKey: 'rk_test_x' }).environment))"], { cwd: project });
    expect(stdout.trim()).toBe('sandbox');
    rmSync(tarball, { force: true });
  });
});
