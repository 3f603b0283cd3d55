import { deadManSwitchView } from '../../../engine/account-view.js';
import { DeadManSwitch } from '../../schemas/resources.js';
import { defineRoute } from '../../route.js';
import { AccountParams } from './shared.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/accounts/:account_id/orders/cancel-all-after',
  operationId: 'getDeadManSwitch',
  summary: "The account's dead-man switch: armed or not, and when it fires",
  description:
    "Reads the account's dead-man switch as stored (the account view shows it too as `dead_man_switch`): `armed` and `fires_at` (Unix ms), or `armed` false and `fires_at` null when it is not armed (never armed, disarmed, or fired).",
  tags: ['orders'],
  access: 'read',
  errors: ['account_not_found'],
  schema: { params: AccountParams, response: { 200: DeadManSwitch } },
  handler: async ({ accounts, principal, params, environment }) => {
    const account = await accounts.reachable(params.account_id, principal.customer.id, environment);
    return deadManSwitchView(account.dead_man_fires_at);
  },
});
