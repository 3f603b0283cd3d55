import { Type } from 'typebox';
import { idempotencyKeyOf } from '../../plugins/idempotency.js';
import { defineRoute } from '../../route.js';
import { AccountParams, actorOf, admit, ENGINE_CODES, executed, tradingAccount } from '../orders/shared.js';

export default defineRoute({
  method: 'POST',
  url: '/v1/accounts/:account_id/positions/close-all',
  operationId: 'closeAllPositions',
  summary: 'Close every position the key may trade at the market (close_reason close_all)',
  description:
    'Closes every position the key may trade at the market (close_reason `close_all`) and lists which markets closed and which failed with what code. The body is optional. Needs an Idempotency-Key.',
  tags: ['positions'],
  access: 'trade',
  idempotencyKey: true,
  accountOrders: true,
  optionalBody: true,
  errors: ['account_not_found', 'account_not_ready', 'account_not_tradable', ...ENGINE_CODES],
  schema: {
    params: AccountParams,
    body: Type.Object({}, { additionalProperties: false }),
    response: {
      200: Type.Object(
        {
          account_id: Type.String(),
          closed: Type.Array(Type.String(), { description: 'markets closed' }),
          failed: Type.Array(Type.Object({ market: Type.String(), code: Type.String() }, { additionalProperties: false })),
        },
        { additionalProperties: false },
      ),
    },
  },
  handler: async ({ accounts, engine, principal, params, environment, request, reply, idempotency }) => {
    idempotencyKeyOf(request);
    const account = await tradingAccount(accounts, principal, params.account_id, environment);
    const cmd = { kind: 'close_all' as const, account_id: account.id, actor: actorOf(principal) };
    await admit(engine, environment, cmd);
    return idempotency.run(request, reply, principal, async (tx) => {
      const answer = await executed(engine, environment, cmd, tx);
      return { status: 200, kind: 'literal', id: JSON.stringify(answer) };
    });
  },
});
