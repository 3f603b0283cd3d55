import { Type } from 'typebox';
import { Position } from '../../schemas/orders.js';
import { defineRoute } from '../../route.js';
import { AccountParams, ask } from '../orders/shared.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/accounts/:account_id/positions',
  operationId: 'listPositions',
  summary: 'Open positions, one per market, marked at the last price',
  description:
    'The account\'s open positions, one per market, marked at the market\'s last price, with their exits.',
  tags: ['positions'],
  access: 'read',
  errors: ['account_not_found', 'state_unavailable'],
  schema: { params: AccountParams, response: { 200: Type.Object({ data: Type.Array(Position) }, { additionalProperties: false }) } },
  handler: async ({ accounts, engine, principal, params, environment }) => {
    const account = await accounts.reachable(params.account_id, principal.customer.id, environment);
    return { data: (await ask(engine, environment, { kind: 'positions', account_id: account.id })).positions };
  },
});
