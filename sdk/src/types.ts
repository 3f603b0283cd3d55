// Request and answer types of each operation, read off the generated document types.
import type { components, operations } from './generated/openapi.js';

export type { components, operations, paths } from './generated/openapi.js';
export type Schemas = components['schemas'];
export type OperationId = keyof operations;

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Success<R> = R[Extract<keyof R, 200 | 201 | 202>];

/** The JSON of an operation's successful answer (every 2xx of an operation carries the same schema). */
export type Result<K extends OperationId> = JsonOf<Success<operations[K]['responses']>>;
/** The JSON body an operation takes. */
export type Body<K extends OperationId> = JsonOf<NonNullable<operations[K]['requestBody']>>;
/** The query parameters an operation takes. */
export type Query<K extends OperationId> = NonNullable<operations[K]['parameters']['query']>;

/** Every code the catalogue holds, and every error type. */
export type ErrorCode = Schemas['Error']['error']['code'];
export type ErrorType = Schemas['Error']['error']['type'];
/** The `details` a code carries, as the document describes them (`nearest` of invalid_size_step, `required` of insufficient_margin…). */
export type ErrorDetails<C extends ErrorCode> = NonNullable<Extract<Schemas[keyof Schemas], { code: C; details?: unknown }>['details']>;

export type Order = Schemas['Order'];
export type Position = Schemas['Position'];
export type Account = Schemas['Account'];
export type Market = Schemas['Market'];
export type Fill = Schemas['Fill'];
/** An event: `data` narrows by `type`. */
export type Event = Schemas['Event'];
export type Webhook = Schemas['Webhook'];
export type Signal = Schemas['Signal'];
export type SignalAlert = Schemas['Alert'];
export type PlaceOrderRequest = Schemas['PlaceOrderRequest'];

/** A page of a list: `next_cursor` goes back as `after` for the next one. */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
  has_more: boolean;
}
