import { Type } from 'typebox';
import { DecimalString, Nullable, TimeMs } from '../../schemas/common.js';
import { Fill, Order, Position } from './orders.js';

const obj = <T extends Parameters<typeof Type.Object>[0]>(props: T, description?: string) =>
  Type.Object(props, { additionalProperties: false, ...(description ? { description } : {}) });
const lit = (...values: string[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const EVENT_TYPES = [
  'order.created',
  'order.edited',
  'order.filled',
  'order.canceled',
  'order.expired',
  'order.rejected',
  'fill.created',
  'position.opened',
  'position.changed',
  'position.closed',
  'engine.restarted',
  'account.rule_breach',
  'account.rule_version',
  'signal.alert',
] as const;

export const EventTypeName = lit(...EVENT_TYPES);

export const EventId = Type.String({ minLength: 1, maxLength: 128, description: 'An event id (evt_live_… / evt_test_…), opaque and strictly increasing along a customer’s events in an environment' });

export const EngineRestarted = obj(
  { environment: lit('live', 'sandbox'), canceled_orders: Type.Integer({ minimum: 0 }), closed_positions: Type.Integer({ minimum: 0 }) },
  'engine.restarted: what the restart did on the account',
);

const head = {
  id: EventId,
  account_id: Type.String(),
  created_at: TimeMs,
  source: lit('api', 'platform', 'engine'),
};

export const OrderEvent = obj(
  {
    ...head,
    type: lit(...EVENT_TYPES.filter((t) => t.startsWith('order.'))),
    data: Order,
    changes: Type.Optional(Type.Record(Type.String(), obj({ from: Type.Unknown(), to: Type.Unknown() }), { description: 'order.edited: {field: {from, to}}' })),
  },
  'order.*: the order exactly as REST gives it',
);

export const FillEvent = obj({ ...head, type: lit('fill.created'), data: Fill }, 'fill.created: the fill exactly as REST gives it');

export const PositionEvent = obj(
  {
    ...head,
    type: lit(...EVENT_TYPES.filter((t) => t.startsWith('position.'))),
    data: Position,
    previous_size: Type.Optional(DecimalString),
    close_reason: Type.Optional(Type.String()),
  },
  'position.*: the position exactly as REST gives it (position.closed: as it was when it closed)',
);

export const RuleBreach = obj(
  {
    rule: lit('daily_loss', 'drawdown'),
    status: lit('opened', 'cured', 'acted'),
    limit: DecimalString,
    value: DecimalString,
    since: TimeMs,
    correct_by: TimeMs,
    breaches_used: Type.Integer({ minimum: 1 }),
    max_breaches: Type.Integer({ minimum: 1 }),
  },
  "account.rule_breach: a soft limit reached (opened), back within it in time (cured), or still past it when the window ended (acted: the rule's action follows). daily_loss: limit and the loss; drawdown: the floor and equity",
);

export const RuleVersionChange = obj(
  { product: Type.String(), from_version: Type.Integer({ minimum: 1 }), to_version: Type.Integer({ minimum: 1 }) },
  "account.rule_version: the operator moved the account to another version of its product's rulebook (GET /v1/accounts/{id} shows the rule now in force)",
);

export const SignalAlertResult = obj(
  {
    signal_id: Type.String(),
    alert_id: Type.String(),
    action: lit('buy', 'sell', 'exit', 'cancel'),
    market: Nullable(Type.String()),
    outcome: lit('placed', 'refused', 'canceled', 'nothing'),
    order_id: Nullable(Type.String()),
    code: Nullable(Type.String()),
    message: Nullable(Type.String()),
  },
  'signal.alert: what an alert of a signal did on the account: an order placed (order_id), a refusal (code and message as the API would answer them), orders canceled, or nothing to do (docs/SIGNALS.md)',
);

export const EngineRestartedEvent = obj({ ...head, type: lit('engine.restarted'), data: EngineRestarted }, 'engine.restarted: what an engine restart did on the account');

/**
 * What happened on an account: one shape per kind of `type`. The discriminator is an annotation (the list is
 * written by JSON.stringify, never validated against it); the OpenAPI document turns it into oneOf + mapping.
 */
export const RuleBreachEvent = obj({ ...head, type: lit('account.rule_breach'), data: RuleBreach }, 'account.rule_breach: a soft limit of the account rule (docs/RULES.md "Soft breaches")');

export const RuleVersionEvent = obj({ ...head, type: lit('account.rule_version'), data: RuleVersionChange }, 'account.rule_version: the account moved to another rulebook version (docs/RULES.md "Rulebook versions")');

export const SignalAlertEvent = obj({ ...head, type: lit('signal.alert'), data: SignalAlertResult }, 'signal.alert: an alert of one of your signals and what it did on the account (docs/SIGNALS.md)');

export const Event = Type.Union([OrderEvent, FillEvent, PositionEvent, EngineRestartedEvent, RuleBreachEvent, RuleVersionEvent, SignalAlertEvent], {
  description: 'What happened on an account',
  discriminator: { propertyName: 'type' },
});

export const WebhookEndpoint = obj(
  {
    id: Type.String(),
    url: Type.String(),
    types: Nullable(Type.Array(EventTypeName)),
    account_id: Nullable(Type.String()),
    environment: lit('live', 'sandbox'),
    created_at: TimeMs,
  },
  'A webhook endpoint',
);

export const WebhookCreated = obj(
  {
    ...WebhookEndpoint.properties,
    secret: Type.String({ description: 'whsec_…: the signing secret, shown only in this answer' }),
  },
  'A webhook endpoint with its signing secret',
);

export const WebhookBody = obj({
  url: Type.String({ minLength: 1, maxLength: 2048, description: 'http(s) URL; in live not a private or loopback address' }),
  types: Type.Optional(Type.Array(EventTypeName, { minItems: 1, maxItems: EVENT_TYPES.length, description: 'Only these event types (default: all)' })),
  account_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only this account (default: every account of the customer in this environment)' })),
});

export const Delivery = obj(
  {
    id: Type.String(),
    webhook_id: Type.String(),
    event_id: Type.String(),
    event_type: EventTypeName,
    status: lit('pending', 'succeeded', 'failed'),
    attempt_count: Type.Integer({ minimum: 0 }),
    next_attempt_at: Nullable(TimeMs),
    created_at: TimeMs,
    finished_at: Nullable(TimeMs),
    attempts: Type.Array(
      obj({
        number: Type.Integer({ minimum: 1 }),
        at: TimeMs,
        status_code: Nullable(Type.Integer()),
        error: Type.Union([Type.String(), Type.Null()], {
          description:
            'Why the attempt failed, as a class: connection_failed, timeout, private_address (the target is, or its name resolved to, a private or loopback address: not connected to), signing_failed, or http_<status> (a non-2xx answer; redirects are not followed). null when it succeeded.',
        }),
        duration_ms: Type.Integer({ minimum: 0 }),
      }),
    ),
  },
  'One event sent to one endpoint, with every attempt',
);

export const WebhookParams = obj({ webhook_id: Type.String({ minLength: 1, maxLength: 64 }) });
