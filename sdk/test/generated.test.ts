import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { generatedOperations, generatedTypes, openapiDocument, operationsOf, OPERATIONS_FILE, TYPES_FILE } from '../scripts/openapi-types.js';
import { OPERATIONS } from '../src/generated/operations.js';

/**
 * The SDK never drifts from the API: its generated files are what the current document generates. When this
 * fails, run `npm run sdk:generate` and commit the result (then give any new operation its method).
 */
let doc: Record<string, any>;
beforeAll(async () => {
  doc = await openapiDocument();
});

describe('sdk/src/generated', () => {
  it('openapi.ts is what the current OpenAPI document generates (npm run sdk:generate)', { timeout: 60_000 }, async () => {
    expect(readFileSync(TYPES_FILE, 'utf8') === (await generatedTypes(doc)), 'sdk/src/generated/openapi.ts is out of date: run npm run sdk:generate').toBe(true);
  });

  it('operations.ts is what the current OpenAPI document generates (npm run sdk:generate)', () => {
    expect(readFileSync(OPERATIONS_FILE, 'utf8') === generatedOperations(doc), 'sdk/src/generated/operations.ts is out of date: run npm run sdk:generate').toBe(true);
    expect(Object.keys(OPERATIONS).sort()).toEqual(operationsOf(doc).map((o) => o.operationId).sort());
  });

  it('every creating call takes an Idempotency-Key and the client sends one on exactly those', () => {
    const keyed = operationsOf(doc).filter((o) => o.idempotencyKey).map((o) => o.operationId);
    expect(keyed).toEqual(expect.arrayContaining(['placeOrder', 'openAccount', 'createWebhook', 'cancelOrder', 'editOrder', 'closePosition']));
    expect(Object.entries(OPERATIONS).filter(([, o]) => o.idempotencyKey).map(([id]) => id).sort()).toEqual([...keyed].sort());
  });
});
