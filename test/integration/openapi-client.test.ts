import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';

/**
 * A generated client works: openapi-typescript turns the live document into types, a small openapi-fetch client
 * (test/openapi-client/client.ts.tpl) type-checks against them under strict tsc, then places an order over HTTP and
 * narrows events by `type`. Generated into .scratch/ (git-ignored) so the client finds node_modules.
 */
const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
let s: TestServer;
let dir: string;

beforeAll(async () => {
  s = await TestServer.start();
  const r = await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
  expect(r.status).toBe(200);
  await s.settleTrading();
  mkdirSync(join(root, '.scratch'), { recursive: true });
  dir = mkdtempSync(join(root, '.scratch', 'openapi-client-'));
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a client generated from the OpenAPI document', () => {
  it('type-checks, places an order over HTTP, reads its refusals by code and narrows events by type', { timeout: 120_000 }, async () => {
    const doc = (await s.sandboxCall('GET', '/v1/openapi.json')).body;
    const types = astToString(await openapiTS(doc));
    expect(types).toContain('Order: {');
    writeFileSync(join(dir, 'schema.d.ts'), types);
    copyFileSync(join(root, 'test/openapi-client/client.ts.tpl'), join(dir, 'client.ts'));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2023', 'DOM'], types: ['node'], strict: true, noUncheckedIndexedAccess: true, noEmit: true, skipLibCheck: false },
        files: ['client.ts', 'schema.d.ts'],
      }),
    );
    const tsc = await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { cwd: dir }).catch((e: { stdout: string }) => ({ stdout: e.stdout, failed: true }));
    expect(tsc.stdout).toBe('');

    const client = await import(join(dir, 'client.ts'));
    const t = await s.trader();
    const api = client.rampart(s.url.sandbox, t.key);
    const placed = await client.placeLimitBuy(api, t.accountId, '0.01', 'gen-1');
    expect(placed.order).toMatchObject({ account_id: t.accountId, status: 'working', limit_price: '59000', size: '0.01' });
    const refused = await client.placeLimitBuy(api, t.accountId, '0.00001', 'gen-2');
    expect(refused.code).toBe('invalid_size_step');
    expect(refused.nearest.length).toBeGreaterThan(0);
    // The order fills on the next tick: its events come back narrowed to order, fill and position.
    await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '58998', ask: '58999', last: '58999.5' });
    await s.settleTrading();
    const lines: string[] = await client.events(api, t.accountId);
    expect(lines).toEqual(expect.arrayContaining([`order.filled ${placed.order.id} filled 59000`, expect.stringMatching(/^fill\.created \S+ \d/), 'position.opened BTC-USD 59000']));
  });
});
