import { Ajv, type Options } from 'ajv';
import type { FastifyInstance } from 'fastify';

const base: Options = { allErrors: true, strict: false, removeAdditional: false, useDefaults: false };

/**
 * Two validators (Known traps): bodies are never coerced and never stripped — an unknown field is
 * unknown_field and a JSON number where a decimal string belongs is refused; query and path parameters
 * arrive as text and are coerced to the integers and booleans their schema names.
 */
export function installValidators(app: FastifyInstance): void {
  const bodyAjv = new Ajv({ ...base, coerceTypes: false });
  const paramAjv = new Ajv({ ...base, coerceTypes: true });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : paramAjv;
    return ajv.compile(schema as object);
  });
}
