import { Type } from 'typebox';
import { DecimalString, TimeMs } from '../../../schemas/common.js';
import { defineRoute } from '../../route.js';
import { AccountParams } from '../orders/shared.js';

const Point = Type.Object({ time: TimeMs, equity: DecimalString, balance: DecimalString }, { additionalProperties: false });

export default defineRoute({
  method: 'GET',
  url: '/v1/accounts/:account_id/history/equity',
  summary: 'Equity curve: one point per closed trade, or per trading day; the first point is the opening balance',
  tags: ['accounts'],
  access: 'read',
  errors: ['account_not_found', 'account_not_ready', 'state_unavailable'],
  schema: {
    params: AccountParams,
    querystring: Type.Object({ resolution: Type.Union([Type.Literal('trade'), Type.Literal('day')]) }, { additionalProperties: false }),
    response: {
      200: Type.Object({ resolution: Type.Union([Type.Literal('trade'), Type.Literal('day')]), points: Type.Array(Point) }, { additionalProperties: false }),
    },
  },
  handler: async ({ rampart, principal, params, query, environment }) => {
    const account = await rampart.accounts.reachable(params.account_id, principal.customer.id, environment);
    rampart.accounts.assertOpen(account);
    const points = await rampart.store.listEquityPoints(account.id, query.resolution);
    return {
      resolution: query.resolution,
      points: [{ time: account.created_at, equity: account.starting_balance, balance: account.starting_balance }, ...points],
    };
  },
});
