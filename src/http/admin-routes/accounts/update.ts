import { Type } from 'typebox';
import { ANSWER_WAIT_MS } from '../../../engine-host/port.js';
import { ApiError, rejectionToError } from '../../../errors/api-error.js';
import { FutureTimeMs, Nullable } from '../../../schemas/common.js';
import { defineAdminRoute } from '../../admin-route.js';
import { IdParam } from '../../schemas/credentials.js';

export default defineAdminRoute({
  method: 'PATCH',
  url: '/admin/v1/accounts/:id',
  operationId: 'updateAccount',
  summary: "Set an account's status, pause or rulebook version",
  description:
    "Sets the account's status (active, suspended, closed), pauses it until a time, and/or moves it to a newer version of its product's rulebook (rule_version: the account is judged under that version's rule from now on; an account.rule_version event says so); the node holding its partition makes its engine judge the change.",
  tags: ['Accounts'],
  errors: ['account_not_found', 'engine_unavailable'],
  schema: {
    params: IdParam,
    body: Type.Object(
      {
        status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('suspended'), Type.Literal('closed')])),
        paused_until: Type.Optional(Nullable(FutureTimeMs)),
        rule_version: Type.Optional(Type.Integer({ minimum: 1, description: "A newer version of the product's rulebook (GET /v1/products rule_version is the current one)" })),
      },
      { additionalProperties: false, minProperties: 1 },
    ),
  },
  handler: async ({ services, ops, params, body }) => {
    const { id } = params;
    const { status, paused_until, rule_version } = body;
    const account = await services.store.getAccount(id);
    if (!account) throw new ApiError('account_not_found', { details: { account_id: id } });
    if (rule_version !== undefined) {
      // Checked before anything changes: the version exists and is newer than the account's.
      const from = account.rule_version ?? 1;
      const target = services.rulebooks.require(account.product, rule_version);
      if (rule_version <= from) {
        throw new ApiError('invalid_request', { message: `An account moves only to a newer rulebook version: it is on ${from}.`, details: { field: 'rule_version' } });
      }
      const r = await services.enginePort.execute(
        account.environment,
        { kind: 'set_rule', account_id: id, rule: target.rule, from_version: from, to_version: rule_version },
        { timeoutMs: ANSWER_WAIT_MS },
      );
      if (r.outcome === 'rejected') throw rejectionToError(r.rejection);
      if (r.outcome !== 'done') throw new ApiError('engine_unavailable');
    }
    if (status === undefined && paused_until === undefined) return services.accountViews.view((await services.store.getAccount(id))!);
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
