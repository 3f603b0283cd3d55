import { Type } from 'typebox';
import { ApiError } from '../../../errors/api-error.js';
import { FutureTimeMs, Nullable } from '../../../schemas/common.js';
import { defineAdminRoute } from '../../admin-route.js';
import { IdParam } from '../../schemas/credentials.js';

export default defineAdminRoute({
  method: 'PATCH',
  url: '/admin/v1/accounts/:id',
  operationId: 'updateAccount',
  summary: "Set an account's status or pause",
  description: "Sets the account's status (active, suspended, closed) and/or pauses it until a time; the node holding its partition makes its engine judge the change.",
  tags: ['Accounts'],
  errors: ['account_not_found'],
  schema: {
    params: IdParam,
    body: Type.Object(
      {
        status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('suspended'), Type.Literal('closed')])),
        paused_until: Type.Optional(Nullable(FutureTimeMs)),
      },
      { additionalProperties: false, minProperties: 1 },
    ),
  },
  handler: async ({ services, ops, params, body }) => {
    const { id } = params;
    const { status, paused_until } = body;
    const account = await services.store.getAccount(id);
    if (!account) throw new ApiError('account_not_found', { details: { account_id: id } });
    await services.store.transaction((tx) =>
      tx.updateAccount(
        id,
        {
          ...(status !== undefined ? { status, status_reason: status === 'active' ? null : status } : {}),
          ...(paused_until !== undefined ? { paused_until } : {}),
        },
        services.clock.now(),
      ),
    );
    // The node holding the account's partition makes its engine judge the new status (every node is told).
    await ops.all({ kind: 'accounts', account_ids: [id] });
    return services.accountViews.view((await services.store.getAccount(id))!);
  },
});
