// The SDK's types come from the document the server itself publishes (GET /v1/openapi.json, `rampart openapi`).
// Built here from the sources, as `rampart openapi` does, with a fixed configuration so the output depends on the
// code and config/ alone (not on the environment of whoever runs it). `npm run sdk:generate` writes the files;
// sdk/test/generated.test.ts fails when a committed one differs.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { build, createLogger } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config/config.js';

const dir = resolve(import.meta.dirname, '../src/generated');
export const TYPES_FILE = resolve(dir, 'openapi.ts');
export const OPERATIONS_FILE = resolve(dir, 'operations.ts');

const header = (what: string) => `/**
 * ${what}, generated from Rampart's OpenAPI document by \`npm run sdk:generate\`. Do not edit:
 * sdk/test/generated.test.ts fails when this file differs from what the current document generates.
 */
`;

type Json = Record<string, any>;

/** The OpenAPI document as the sandbox listener serves it. */
export async function openapiDocument(): Promise<Json> {
  // A data directory of its own (the app makes one), not ./data.
  const dataDir = mkdtempSync(join(tmpdir(), 'rampart-openapi-'));
  try {
    const base = loadConfig({ RAMPART_DATABASE_URL: 'sqlite::memory:', RAMPART_DATA_DIR: dataDir, RAMPART_BOOTSTRAP: '0', RAMPART_LOG_LEVEL: 'silent' });
    const config: Config = { ...base, bootstrap: false, adminToken: `radm_${randomBytes(24).toString('hex')}` };
    const app = await build({ config, logger: createLogger('silent') });
    try {
      await app.sandbox.ready();
      return app.sandbox.swagger() as unknown as Json;
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** sdk/src/generated/openapi.ts: the document's types (openapi-typescript). */
export async function generatedTypes(doc: Json): Promise<string> {
  // The servers name this machine's listeners: nothing the types need.
  const { servers: _servers, ...rest } = doc;
  return header("Types of Rampart's API") + astToString(await openapiTS(rest as never));
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head'];

/** The operations in document order: method, path template, and whether an Idempotency-Key goes with them. */
export function operationsOf(doc: Json): { operationId: string; method: string; path: string; idempotencyKey: boolean }[] {
  const out = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const method of METHODS) {
      const op = (item as Json)[method] as Json | undefined;
      if (!op?.operationId) continue;
      const params = (op.parameters ?? []) as Json[];
      const idempotencyKey = params.some((p) => p.name === 'Idempotency-Key' || p.$ref === '#/components/parameters/IdempotencyKey');
      out.push({ operationId: op.operationId as string, method: method.toUpperCase(), path, idempotencyKey });
    }
  }
  return out;
}

/** sdk/src/generated/operations.ts: what the client needs at run time to call each operation. */
export function generatedOperations(doc: Json): string {
  const lines = operationsOf(doc).map(
    (o) => `  ${o.operationId}: { method: '${o.method}', path: '${o.path}', idempotencyKey: ${o.idempotencyKey} },`,
  );
  return (
    header('How each operation is called') +
    `import type { operations } from './openapi.js';\n\n` +
    `export interface OperationSpec {\n  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD';\n  readonly path: string;\n  /** The document takes an Idempotency-Key on it: the client sends one (the same on every retry). */\n  readonly idempotencyKey: boolean;\n}\n\n` +
    `export const OPERATIONS = {\n${lines.join('\n')}\n} as const satisfies Record<keyof operations, OperationSpec>;\n`
  );
}
