import { Type } from 'typebox';
import { Environment, strict } from '../../schemas/common.js';
import { Access, FenceFields } from '../schemas/credentials.js';

/** Input shapes and constants of the operator routes that more than one of them (or the CLI) takes. */

export const TokenBody = strict({
  environment: Environment,
  kind: Type.Union([Type.Literal('app'), Type.Literal('assistant')]),
  access: Type.Optional(Access),
  ...FenceFields,
});

export const AppBody = strict({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  redirect_uris: Type.Array(Type.String({ minLength: 1, maxLength: 2000 }), { minItems: 1, maxItems: 20 }),
});

export const MarketParam = strict({ market: Type.String() });

/** What the engine answers when it cannot take a command now. */
export const ENGINE_CODES = ['engine_unavailable', 'engine_busy', 'state_unavailable'] as const;

/** How many stored mails GET /admin/v1/mails and `rampart mail list` show, newest first. */
export const MAILS_LIMIT = 100;
