import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { CODES, isErrorCode } from '../../errors/codes.js';
import type { Clock } from '../../engine/clock.js';
import type { IdempotencyClaim, IdempotencyRecord, Store, Tx } from '../../store/port.js';
import type { Principal } from './auth.js';

const KEY_RE = /^[\x20-\x7e]{1,128}$/;

/** What a creating call made: its status and the resource a replay shows as it is now. */
export interface Created {
  status: number;
  kind: string;
  id: string;
  /** The answer, rendered in the creating transaction (else the registered renderer reads it back). */
  view?: unknown;
}

export type Renderer = (id: string) => Promise<unknown>;

/** JSON with sorted keys: two bodies that differ only in key order have one fingerprint. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`)
    .join(',')}}`;
}

/** Header check: idempotency_key_required / invalid_idempotency_key. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) throw new ApiError('idempotency_key_required');
  // Node joins repeated headers with ", "; the distinct view tells a repeated header from a key with a comma.
  const repeated = (request.raw.headersDistinct?.['idempotency-key']?.length ?? 0) > 1;
  if (repeated || Array.isArray(raw) || !KEY_RE.test(raw)) {
    throw new ApiError('invalid_idempotency_key', {
      details: { reason: repeated || Array.isArray(raw) ? 'sent more than once' : raw.length === 0 ? 'empty' : raw.length > 128 ? 'longer than 128 characters' : 'characters that are not printable ASCII' },
    });
  }
  return raw;
}

/** The idempotency lock, then the record (a store that cannot claim both in one round trip). */
async function claimApart(lock: string, scope: string, key: string, tx: Tx): Promise<IdempotencyClaim> {
  if (!(await tx.tryLock(lock))) return { locked: false, prior: undefined };
  return { locked: true, prior: await tx.getIdempotency(scope, key) };
}

/** A claim found the key's record (within its time): the call is answered from it (thrown to roll its transaction back). */
class Replay extends Error {
  constructor(readonly prior: IdempotencyRecord) {
    super('replayed from the Idempotency-Key record');
  }
}

/** Keys this process remembers having recorded (the oldest forgotten first): a hint, never the record itself. */
const RECORDED_HINTS = 50_000;

/**
 * Idempotency-Key for every creating call (CONTRACT §5). The record is written in the same transaction as what
 * the call created; a replay answers the first status with the resource as it is now. A stored non-retryable
 * refusal replays as the same error. Retryable answers and refusals before execution are never stored.
 */
export class Idempotency {
  private readonly inFlight = new Set<string>();
  /**
   * Scoped keys this process recorded or answered from a record, newest last. A deferred claim that finds a record
   * fails the call after its work ran — on PostgreSQL, after the next transaction of its batch may have run on the
   * same partition (src/store/postgres/group-commit.ts), which then fails with it — so a key seen here is claimed
   * before the call runs instead. A key not here (recorded by another node, or forgotten) is still judged right,
   * only later.
   */
  private readonly recorded = new Set<string>();
  private readonly renderers = new Map<string, Renderer>();

  constructor(
    private readonly store: Pick<Store, 'transaction'>,
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  register(kind: string, render: Renderer): void {
    this.renderers.set(kind, render);
  }

  private async render(kind: string, id: string): Promise<unknown> {
    const r = this.renderers.get(kind);
    if (!r) throw new Error(`no renderer for ${kind}`);
    return r(id);
  }

  /**
   * Runs a creating call under its Idempotency-Key. `deferClaim` (placing an order, the hot path): where the store
   * can hold the claim to travel with the call's writes (PostgreSQL), the call runs before its claim is answered and
   * the claim is judged when its writes are — one round trip fewer; a replay found then rolls the call back
   * (everything it did is undone with its transaction, as a refused lease fence is) and answers as a replay does. A
   * call whose claim was never judged (it failed before writing) is claimed alone before its refusal is answered,
   * so a retry is still answered from its record. Only for calls whose every effect is in their transaction.
   */
  async run(
    request: FastifyRequest,
    reply: FastifyReply,
    principal: Principal,
    execute: (tx: Tx) => Promise<Created>,
    { deferClaim = false }: { deferClaim?: boolean } = {},
  ): Promise<unknown> {
    const key = idempotencyKeyOf(request);
    const scope = `${principal.customer.id}:${principal.environment}`;
    const path = request.url.split('?')[0] ?? request.url;
    // One-shot: the same SHA-256 as a Hash object gives, without building one per request.
    const fingerprint = hash('sha256', `${request.method}\n${path}\n${canonicalJson(request.body ?? null)}`, 'hex');
    const flightKey = `${scope}\u0000${key}`;
    if (this.inFlight.has(flightKey)) throw new ApiError('operation_in_progress');
    this.inFlight.add(flightKey);
    try {
      const now = this.clock.now();
      // Another node serving the same key now (several nodes on one store): its transaction holds the lock.
      const lock = `idempotency:${flightKey}`;
      let judged = false;
      // What a deferred claim found, kept here too: the error it threw may reach the catch below in another's
      // clothes (a statement of the call that carried the claim, its failure reported as the store's).
      let found: IdempotencyRecord | 'locked' | undefined;
      // The record the call is answered from (one within its time), if any.
      const judge = ({ locked, prior }: IdempotencyClaim): IdempotencyRecord | undefined => {
        judged = true;
        if (!locked) throw new ApiError('operation_in_progress');
        return prior && prior.created_at + this.ttlMs > now ? prior : undefined;
      };
      const claim = async (tx: Tx) => judge(await (tx.claimIdempotency ?? claimApart)(lock, scope, key, tx));
      const refusal = (status: number, err: ApiError): IdempotencyRecord => ({
        scope,
        key,
        fingerprint,
        status,
        resource_kind: null,
        resource_id: null,
        body: JSON.stringify({ code: err.code, message: err.message, details: err.details ?? null }),
        created_at: now,
      });
      const outcome = await this.store
        .transaction(async (tx): Promise<{ created: Created } | { prior: IdempotencyRecord }> => {
          if (deferClaim && tx.checkIdempotency && !this.recorded.has(flightKey)) {
            await tx.checkIdempotency(lock, scope, key, (c) => {
              if (!c.locked) found = 'locked';
              const prior = judge(c);
              if (prior) throw new Replay((found = prior));
            });
          } else {
            const prior = await claim(tx);
            if (prior) return { prior };
          }
          const created = await execute(tx);
          await tx.putIdempotency({
            scope,
            key,
            fingerprint,
            status: created.status,
            resource_kind: created.kind,
            resource_id: created.id,
            body: null,
            created_at: now,
          });
          return { created };
        })
        .catch(async (err: unknown): Promise<{ prior: IdempotencyRecord }> => {
          if (err instanceof Replay) return { prior: err.prior };
          if (found === 'locked') throw new ApiError('operation_in_progress');
          if (found) return { prior: found };
          const recorded = err instanceof ApiError && !CODES[err.code].retryable && (err.status === 409 || err.status === 422);
          // The call was refused before its deferred claim was answered (the engine's checks, or the engine busy or
          // down): claimed now, alone (with the refusal's record when it is one that is kept), so a retry of a call
          // that succeeded is answered from its record whatever the engine says now.
          if (!judged && err instanceof ApiError) {
            const prior = await this.store
              .transaction(async (tx) => {
                const found = await claim(tx);
                if (!found && recorded) await tx.putIdempotency(refusal(err.status, err));
                return found;
              });
            if (prior) return { prior };
            if (recorded) this.remember(flightKey);
            throw err;
          }
          if (recorded) {
            await this.store.transaction((tx) => tx.putIdempotency(refusal(err.status, err)));
            this.remember(flightKey);
          }
          throw err;
        });
      this.remember(flightKey);
      if ('created' in outcome) {
        reply.code(outcome.created.status);
        return outcome.created.view ?? this.render(outcome.created.kind, outcome.created.id);
      }
      const prior = outcome.prior;
      if (prior.fingerprint !== fingerprint) throw new ApiError('idempotency_key_reused');
      reply.header('Idempotent-Replayed', 'true');
      if (prior.body !== null) {
        const stored = JSON.parse(prior.body) as { code: string; message: string; details: Record<string, unknown> | null };
        if (isErrorCode(stored.code)) {
          throw new ApiError(stored.code, { message: stored.message, ...(stored.details ? { details: stored.details } : {}) });
        }
      }
      reply.code(prior.status);
      return this.render(prior.resource_kind ?? '', prior.resource_id ?? '');
    } finally {
      this.inFlight.delete(flightKey);
    }
  }

  private remember(flightKey: string): void {
    this.recorded.delete(flightKey);
    this.recorded.add(flightKey);
    if (this.recorded.size > RECORDED_HINTS) this.recorded.delete(this.recorded.values().next().value!);
  }

  /** Drops records older than the time they are kept. */
  async expire(): Promise<number> {
    const before = this.clock.now() - this.ttlMs;
    return this.store.transaction((tx) => tx.deleteIdempotencyBefore(before));
  }
}
