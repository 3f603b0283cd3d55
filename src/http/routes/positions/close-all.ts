import { Type } from 'typebox';
import { idempotencyKeyOf } from '../../plugins/idempotency.js';
import { defineRoute } from '../../route.js';
import { AccountParams, assertEngine, requestKey, ENGINE_CODES, tradingAccount } from '../orders/shared.js';

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
  handler: async ({ rampart, principal, params, environment, request, reply, idempotency }) => {
    idempotencyKeyOf(request);
    const account = await tradingAccount(rampart, principal, params.account_id, environment);
    assertEngine(rampart, environment);
    return idempotency.run(request, reply, principal, async (tx) => {
      const now = rampart.clock.now();
      const answer = await rampart.trading.command(
        environment,
        (e) => {
          const closed: string[] = [];
          const failed: { market: string; code: string }[] = [];
          const markets = [...(e.books.get(account.id)?.positions.keys() ?? [])].sort();
          for (const market of markets) {
            if (principal.fences.markets && !principal.fences.markets.includes(market)) continue;
            const r = e.closePosition(account.id, market, 'close_all', now, 'api', requestKey(principal));
            if (r.ok) closed.push(market);
            else failed.push({ market, code: r.rejection.code });
          }
          return { account_id: account.id, closed, failed };
        },
        tx,
      );
      return { status: 200, kind: 'literal', id: JSON.stringify(answer) };
    });
  },
});
