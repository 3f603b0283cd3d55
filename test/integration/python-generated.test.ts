import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { openapiDocument } from '../../sdk/scripts/openapi-types.js';
import { MODELS_FILE, OPERATIONS_FILE, pythonModule } from '../../python/scripts/python-models.js';

/**
 * The Python SDK never drifts from the API: python/rampart/_generated/ is what the current OpenAPI document
 * generates. When this fails, run `npm run python:generate` (then give any new operation its method:
 * python/tests/test_methods.py says which).
 */
let generated: ReturnType<typeof pythonModule>;
beforeAll(async () => {
  generated = pythonModule(await openapiDocument());
}, 60_000);

describe('python/rampart/_generated', () => {
  it('models.py is what the current OpenAPI document generates (npm run python:generate)', () => {
    expect(readFileSync(MODELS_FILE, 'utf8') === generated.models, 'python/rampart/_generated/models.py is out of date: run npm run python:generate').toBe(true);
  });

  it('operations.py is what the current OpenAPI document generates (npm run python:generate)', () => {
    expect(readFileSync(OPERATIONS_FILE, 'utf8') === generated.operations, 'python/rampart/_generated/operations.py is out of date: run npm run python:generate').toBe(true);
  });

  it('every creating call takes an Idempotency-Key, so the Python client sends one on exactly those', () => {
    const keyed = generated.ops.filter((o) => o.idempotencyKey).map((o) => o.operationId);
    expect(keyed).toEqual(expect.arrayContaining(['placeOrder', 'openAccount', 'createWebhook', 'cancelOrder', 'editOrder', 'closePosition']));
  });

  it('maps each schema construct it meets, and stops on one it does not know rather than guessing', () => {
    const doc = (schemas: Record<string, unknown>) => ({ components: { schemas: { Error: ERROR, ...schemas } }, paths: {} });
    const { models } = pythonModule(
      doc({
        Thing: {
          type: 'object',
          description: 'A thing',
          required: ['id', 'from'],
          properties: {
            id: { type: 'string' },
            from: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
            tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
            extra: { type: 'object', additionalProperties: { type: 'number' } },
            nested: { type: 'object', properties: { on: { type: 'boolean' } } },
            odd: { type: 'string', enum: ['comma, inside', 'bracket ] inside', 'quote " inside', 'x'.repeat(40), 'y'.repeat(40)] },
          },
        },
        Either: { oneOf: [{ $ref: '#/components/schemas/Thing' }, { type: 'null' }] },
      }),
    );
    // `from` is a Python keyword: the TypedDict takes the functional form.
    expect(models).toContain('Thing = TypedDict(\n    "Thing",\n    {\n        "id": str,\n        "from": int | None,\n');
    expect(models).toContain('        "tags": NotRequired[list[Literal["a", "b"]]],\n        "extra": NotRequired[dict[str, float]],\n        "nested": NotRequired[ThingNested],\n');
    expect(models).toContain('class ThingNested(TypedDict):\n    on: NotRequired[bool]\n');
    // A long Literal goes one line per few members, never cutting a string.
    expect(models).toContain(`        "odd": NotRequired[Literal[\n            "comma, inside", "bracket ] inside", "quote \\" inside",\n            "${'x'.repeat(40)}", "${'y'.repeat(40)}",\n        ]],\n`);
    expect(models).toContain('Either: TypeAlias = Thing | None\n');
    // Each definition comes after what it names, so Python can evaluate the module.
    expect(models.indexOf('class ThingNested')).toBeLessThan(models.indexOf('Thing = TypedDict('));
    expect(() => pythonModule(doc({ Odd: { type: 'object', properties: { x: { allOf: [{ type: 'string' }] } } } }))).toThrow(/OddX uses allOf/);
  });
});

/** The smallest Error schema the generator accepts (it reads the catalogue's codes and types from it). */
const ERROR = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'object', properties: { type: { type: 'string', enum: ['server'] }, code: { type: 'string', enum: ['internal_error'] } } } },
};
