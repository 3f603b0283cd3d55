import { Type } from 'typebox';
import { AccountId, MarginSetting } from '../../schemas/resources.js';
import { defineRoute } from '../../route.js';
import { ask } from '../orders/shared.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/accounts/:account_id/margin',
  operationId: 'listMarginSettings',
  summary: 'The margin setting of every market on the account: leverage, mode, where the leverage comes from',
  description:
    'The margin setting of every market on the account: leverage, margin mode, the market\'s max leverage, where the leverage comes from, and whether it is locked by a position or working order.',
  tags: ['margin'],
  access: 'read',
  errors: ['account_not_found', 'account_not_ready', 'state_unavailable'],
  schema: {
    params: Type.Object({ account_id: AccountId }, { additionalProperties: false }),
    response: { 200: Type.Object({ data: Type.Array(MarginSetting) }, { additionalProperties: false }) },
  },
  handler: async ({ accounts, engine, principal, params, environment }) => {
    const account = await accounts.reachable(params.account_id, principal.customer.id, environment);
    accounts.assertOpen(account);
    return { data: (await ask(engine, environment, { kind: 'margin_settings', account_id: account.id })).settings };
  },
});
