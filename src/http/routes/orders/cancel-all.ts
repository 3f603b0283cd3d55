import { Type } from 'typebox';
import { idempotencyKeyOf } from '../../plugins/idempotency.js';
import { CancelAllAnswer } from '../../schemas/orders.js';
import { defineRoute } from '../../route.js';
import { AccountParams, admit, assertKeyMarket, ENGINE_CODES, executed, tradingAccount } from './shared.js';

export default defineRoute({
  method: 'POST',
  url: '/v1/accounts/:account_id/orders/cancel-all',
  operationId: 'cancelAllOrders',
  summary: 'Cancel every working order of the account from any platform, or of one market (cancel_reason cancel_all)',
  description:
    'Cancels every working order of the account, or of one market (`market`), from any platform; the orders end `canceled` with cancel_reason `cancel_all`. The body is optional. Needs an Idempotency-Key.',
  tags: ['orders'],
  access: 'trade',
  idempotencyKey: true,
  optionalBody: true,
  errors: ['account_not_found', 'market_not_found', 'account_not_ready', 'account_not_tradable', 'key_market_not_allowed', 'stale_quote', ...ENGINE_CODES],
  schema: {
    params: AccountParams,
    body: Type.Object({ market: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })) }, { additionalProperties: false }),
    response: { 200: CancelAllAnswer },
  },
  handler: async ({ accounts, engine, markets, principal, params, body, environment, request, reply, idempotency }) => {
    idempotencyKeyOf(request);
    const account = await tradingAccount(accounts, principal, params.account_id, environment);
    const market = body.market ?? null;
    if (market) {
      markets.require(market);
      assertKeyMarket(principal, market);
    }
    const cmd = { kind: 'cancel_all' as const, account_id: account.id, market, markets: principal.fences.markets };
    await admit(engine, environment, cmd);
    return idempotency.run(request, reply, principal, async (tx) => {
      const answer = await executed(engine, environment, cmd, tx);
      return { status: 200, kind: 'literal', id: JSON.stringify(answer) };
    });
  },
});
