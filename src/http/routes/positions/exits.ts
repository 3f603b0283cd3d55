import { ExitsBody, Position } from '../../schemas/orders.js';
import { defineRoute } from '../../route.js';
import { actorOf, admit, assertKeyMarket, ENGINE_CODES, executed, MarketParams, tradingAccount } from '../orders/shared.js';

export default defineRoute({
  method: 'PUT',
  url: '/v1/accounts/:account_id/positions/:market/exits',
  operationId: 'setPositionExits',
  summary: "Replace the position's exits (null removes one); old exit orders are canceled `replaced`",
  description:
    'Replaces the position\'s exits: each of take_profit, stop_loss and break_even is set, or removed with null; the old exit orders are canceled `replaced`. Answers the position.',
  tags: ['positions'],
  access: 'trade',
  errors: ['account_not_found', 'account_not_ready', 'account_not_tradable', 'position_not_found', 'key_market_not_allowed', 'invalid_price_tick', ...ENGINE_CODES],
  schema: { params: MarketParams, body: ExitsBody, response: { 200: Position } },
  handler: async ({ accounts, engine, principal, params, body, environment }) => {
    const account = await tradingAccount(accounts, principal, params.account_id, environment);
    assertKeyMarket(principal, params.market);
    const cmd = { kind: 'set_exits' as const, account_id: account.id, market: params.market, exits: body, actor: actorOf(principal) };
    await admit(engine, environment, cmd);
    return (await executed(engine, environment, cmd)).position;
  },
});
