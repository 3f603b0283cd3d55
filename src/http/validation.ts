import { Ajv, type Options } from 'ajv';
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import fastJsonStringify, { type Schema as SerializerSchema } from 'fast-json-stringify';

const base: Options = { allErrors: true, strict: false, removeAdditional: false, useDefaults: false };

const DIGITS = /^-?(0|[1-9][0-9]*)$/;

type Validate = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };

/**
 * Ajv's coercion reads any text JavaScript reads as a number ("0x10", "1e2", " 5", "+5", "05"): an integer
 * parameter is taken only written in plain digits, anything else is invalid_parameter.
 */
function digitsOnly(schema: { properties?: Record<string, { type?: unknown }> }, compiled: Validate): Validate {
  const integers = Object.entries(schema.properties ?? {})
    .filter(([, p]) => p.type === 'integer')
    .map(([name]) => name);
  if (integers.length === 0) return compiled;
  const validate: Validate = (data) => {
    for (const name of integers) {
      const v = (data as Record<string, unknown> | null | undefined)?.[name];
      if (typeof v === 'string' && !DIGITS.test(v)) {
        validate.errors = [{ keyword: 'type', instancePath: `/${name}`, schemaPath: `#/properties/${name}/type`, params: { type: 'integer' }, message: 'must be an integer written in digits' }];
        return false;
      }
    }
    const ok = compiled(data);
    validate.errors = compiled.errors;
    return ok;
  };
  return validate;
}

/**
 * Two validators (Known traps): bodies are never coerced and never stripped — an unknown field is
 * unknown_field and a JSON number where a decimal string belongs is refused; query and path parameters
 * arrive as text and are coerced to the integers and booleans their schema names (integers from digits only).
 */
export function installValidators(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (httpPart === 'body') return bodyAjv.compile(schema as object);
    let v = paramValidators.get(schema as object);
    if (!v) paramValidators.set(schema as object, (v = digitsOnly(schema as { properties?: Record<string, { type?: unknown }> }, paramAjv.compile(schema as object) as Validate)));
    return v;
  });
  app.setSerializerCompiler(({ schema }) => {
    const key = shapeOf(schema);
    let serialize = serializers.get(key);
    if (!serialize) serializers.set(key, (serialize = fastJsonStringify(schema as SerializerSchema)));
    return serialize;
  });
}

// One set of compiled validators and serializers per process, shared by every listener (live and sandbox carry the
// same routes): Ajv keeps what it compiled per schema object; serializers are kept per shape, so the error envelope
// of every route and status is compiled once, not once per route, status and listener (start-up time).
const bodyAjv = new Ajv({ ...base, coerceTypes: false });
const paramAjv = new Ajv({ ...base, coerceTypes: true });
const paramValidators = new WeakMap<object, Validate>();
const serializers = new Map<string, (data: unknown) => string>();

/** A response schema as far as serializing goes: annotations (description, x-…) do not change the output. */
function shapeOf(schema: unknown): string {
  return JSON.stringify(schema, (k, v: unknown) => (k === 'description' || k === 'summary' || k.startsWith('x-') ? undefined : v));
}
