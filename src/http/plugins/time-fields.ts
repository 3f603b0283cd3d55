import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../engine/clock.js';
import { futureTimeFault } from '../../services/future-time.js';

type Schema = { properties?: Record<string, Schema>; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[]; items?: Schema; 'x-future-time'?: boolean };

/** Paths of the fields marked `x-future-time` in a body schema (through unions, nullables and nested objects). */
export function futureTimePaths(schema: Schema | undefined, prefix: string[] = [], out: string[][] = []): string[][] {
  if (!schema || typeof schema !== 'object') return out;
  if (schema['x-future-time'] === true) out.push(prefix);
  for (const [name, sub] of Object.entries(schema.properties ?? {})) futureTimePaths(sub, [...prefix, name], out);
  for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) futureTimePaths(sub, prefix, out);
  return out;
}

const pathsBySchema = new WeakMap<object, string[][]>();

function valueAt(body: unknown, path: string[]): unknown {
  let v = body;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[p];
  }
  return v;
}

/**
 * After schema validation (so the field is an integer, and unknown fields were refused first) and before the
 * Idempotency-Key and the handler: every future time of the body lies after the Clock's now and at most
 * max_expires_in_ms ahead, else 400 invalid_request naming the field — before anything is stored.
 */
export function installFutureTimeCheck(app: FastifyInstance, clock: Clock, maxAheadMs: number): void {
  // No I/O: a `done` hook (no promise per request); a fault thrown here is the request's error.
  app.addHook('preHandler', (request: FastifyRequest, _reply, done) => {
    checkFutureTimes(request, clock, maxAheadMs);
    done();
  });
}

function checkFutureTimes(request: FastifyRequest, clock: Clock, maxAheadMs: number): void {
  const schema = request.routeOptions.schema?.body as Schema | undefined;
  if (!schema || request.body === undefined) return;
  let paths = pathsBySchema.get(schema);
  if (!paths) pathsBySchema.set(schema, (paths = futureTimePaths(schema)));
  if (paths.length === 0) return;
  const now = clock.now();
  for (const path of paths) {
    const v = valueAt(request.body, path);
    if (typeof v !== 'number') continue;
    const fault = futureTimeFault(path.join('.'), v, now, maxAheadMs);
    if (fault) throw fault;
  }
}
