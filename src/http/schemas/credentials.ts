import { Type } from 'typebox';
import { DecimalString, Environment, FutureTimeMs, Nullable, strict } from '../../schemas/common.js';

/** Input shapes of credentials, taken by operator routes (admin-routes/) and the dashboard's routes alike. */

export const IdParam = strict({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** The fences a key or an access token may carry (SPEC 3). */
export const FenceFields = {
  name: Type.Optional(Type.String({ maxLength: 200 })),
  markets: Type.Optional(Nullable(Type.Array(Type.String(), { maxItems: 100 }))),
  reduce_only: Type.Optional(Type.Boolean()),
  max_order_usd: Type.Optional(Nullable(DecimalString)),
  max_position_usd: Type.Optional(Nullable(DecimalString)),
  loss_stop_usd: Type.Optional(Nullable(DecimalString)),
  ip_allowlist: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 })),
  expires_at: Type.Optional(Nullable(FutureTimeMs)),
};
export const Access = Type.Union([Type.Literal('read'), Type.Literal('trade')]);

/** A key's record names (the dashboard's POST /session/keys takes the same, with an email code). */
export const KeyBody = strict({ environment: Environment, access: Access, ...FenceFields });
