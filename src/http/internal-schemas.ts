import { Type } from 'typebox';
import { DecimalString, Environment } from '../schemas/common.js';

/**
 * The internal listener's messages, as far as the listener itself reads them. They come only from nodes holding
 * the node secret (src/http/internal-auth.ts checked the signature first): these schemas keep a malformed message
 * — a node of another version, a bug — a clean 400 rather than an exception, and leave the parts the engine or a
 * forwarded API request judge (a command's order, a forwarded body) to those, as on the node that sent them.
 */
const Id = Type.String({ minLength: 1, maxLength: 200 });
// Fields a message has beyond those read here are let through: a node of a later version may add some (as the price
// op once gained its environment), and the listener never reads them.
const Open = { additionalProperties: true } as const;

const COMMANDS = [
  'place', 'cancel', 'cancel_all', 'arm_dead_man', 'edit', 'close_position', 'close_all', 'set_exits', 'set_margin',
  'adjust_margin', 'restart', 'record_unconfirmed', 'settle_unconfirmed', 'set_rule', 'record_alert',
] as const;
const QUERIES = ['preview', 'position', 'positions', 'margin_settings', 'figures'] as const;
const literals = (names: readonly string[]) => Type.Union(names.map((n) => Type.Literal(n)));

export const ExecuteBody = Type.Object(
  {
    environment: Environment,
    command: Type.Object(
      { kind: literals(COMMANDS), account_id: Type.Optional(Id), place: Type.Optional(Type.Object({ account_id: Id }, Open)) },
      Open,
    ),
    timeout_ms: Type.Integer({ minimum: 0, maximum: 600_000 }),
  },
  Open,
);

export const QueryBody = Type.Object(
  { environment: Environment, query: Type.Object({ kind: literals(QUERIES), account_id: Id }, Open) },
  Open,
);

const op = (kind: string, fields: Parameters<typeof Type.Object>[0] = {}) => Type.Object({ kind: Type.Literal(kind), ...fields }, Open);

/** src/cluster/ops.ts ClusterOp. */
export const OpBody = Type.Union([
  op('price', { market: Id, bid: DecimalString, ask: DecimalString, last: DecimalString, environment: Type.Optional(Environment) }),
  op('clock', { now: Type.Integer({ minimum: 0 }) }),
  op('feed', { snapshot: Type.Object({ halts: Type.Array(Type.Object({}, Open)), sources: Type.Array(Type.Object({}, Open)) }, Open), epoch: Type.Integer({ minimum: 0 }) }),
  op('markets'),
  op('environments'),
  op('news'),
  op('accounts', { account_ids: Type.Array(Id) }),
  op('access'),
  op('restart', { environment: Environment }),
  op('faults', { fault: Type.Object({}, Open) }),
]);
