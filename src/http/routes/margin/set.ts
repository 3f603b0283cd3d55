import { Type } from 'typebox';
import { MarginSetting } from '../../schemas/resources.js';
import { defineRoute } from '../../route.js';
import { admit, assertKeyMarket, ENGINE_CODES, executed, MarketParams, tradingAccount } from '../orders/shared.js';

export default defineRoute({
  method: 'PUT',
  url: '/v1/accounts/:account_id/margin/:market',
  operationId: 'setMarginSetting',
  summary: 'Set the leverage and margin mode new positions on the market get',
  description:
    'Sets the leverage and/or margin mode the account\'s new positions on the market get; the mode cannot change while a position or working order is open there (`margin_mode_locked`).',
  tags: ['margin'],
  access: 'trade',
  errors: ['account_not_found', 'account_not_ready', 'account_not_tradable', 'market_not_found', 'key_market_not_allowed', 'invalid_leverage', 'margin_mode_locked', ...ENGINE_CODES],
  schema: {
    params: MarketParams,
    body: Type.Object(
      { leverage: Type.Optional(Type.Integer()), margin_mode: Type.Optional(Type.Union([Type.Literal('isolated'), Type.Literal('cross')])) },
      { additionalProperties: false, minProperties: 1 },
    ),
    response: { 200: MarginSetting },
  },
  handler: async ({ accounts, engine, markets, principal, params, body, environment }) => {
    const account = await tradingAccount(accounts, principal, params.account_id, environment);
    markets.require(params.market);
    assertKeyMarket(principal, params.market);
    const cmd = { kind: 'set_margin' as const, account_id: account.id, market: params.market, leverage: body.leverage, margin_mode: body.margin_mode };
    await admit(engine, environment, cmd);
    return (await executed(engine, environment, cmd)).setting;
  },
});
