import { Type } from 'typebox';
import { DEAD_MAN_MAX_MS, DEAD_MAN_MIN_MS } from '../../../engine/dead-man-switch.js';
import { ApiError } from '../../../errors/api-error.js';
import { idempotencyKeyOf } from '../../plugins/idempotency.js';
import { DeadManSwitch } from '../../schemas/resources.js';
import { defineRoute } from '../../route.js';
import { AccountParams, admit, ENGINE_CODES, executed, tradingAccount } from './shared.js';

export default defineRoute({
  method: 'POST',
  url: '/v1/accounts/:account_id/orders/cancel-all-after',
  operationId: 'armDeadManSwitch',
  summary: 'Arm, renew or disarm the dead-man switch: cancel the opening orders if not renewed within timeout_ms',
  description:
    `Arms the account's dead-man switch to fire \`timeout_ms\` after now on the service clock; calling again renews it from the new now, and \`timeout_ms\` 0 disarms it. When it fires, every working order of the account that opens or adds exposure ends \`canceled\` with cancel_reason \`dead_man_switch\` (one \`order.canceled\` event each) and the switch disarms; reduce-only orders and the exits (take-profit, stop-loss) protecting positions stay. \`timeout_ms\` is an integer: 0, or ${DEAD_MAN_MIN_MS} to ${DEAD_MAN_MAX_MS} (one second to one day). The deadline is stored with the account: it survives a restart or a fail-over. Needs an Idempotency-Key.`,
  tags: ['orders'],
  access: 'trade',
  idempotencyKey: true,
  errors: ['account_not_found', 'account_not_ready', 'account_not_tradable', 'account_paused', ...ENGINE_CODES],
  schema: {
    params: AccountParams,
    body: Type.Object(
      {
        timeout_ms: Type.Integer({
          minimum: 0,
          maximum: DEAD_MAN_MAX_MS,
          description: `0 disarms; otherwise ${DEAD_MAN_MIN_MS} to ${DEAD_MAN_MAX_MS} ms from now (1 to ${DEAD_MAN_MIN_MS - 1} is refused)`,
        }),
      },
      { additionalProperties: false },
    ),
    response: { 200: DeadManSwitch },
  },
  handler: async ({ accounts, engine, principal, params, body, environment, request, reply, idempotency }) => {
    idempotencyKeyOf(request);
    const timeout = body.timeout_ms;
    // Below a second a renewal cannot reliably arrive in time: such a switch would fire at once, by accident.
    if (timeout !== 0 && timeout < DEAD_MAN_MIN_MS) {
      throw new ApiError('invalid_request', {
        message: `timeout_ms must be 0 (disarm) or ${DEAD_MAN_MIN_MS} to ${DEAD_MAN_MAX_MS}`,
        details: { field: 'timeout_ms', reason: 'out_of_range', min: DEAD_MAN_MIN_MS, max: DEAD_MAN_MAX_MS },
      });
    }
    const account = await tradingAccount(accounts, principal, params.account_id, environment);
    const cmd = { kind: 'arm_dead_man' as const, account_id: account.id, timeout_ms: timeout };
    await admit(engine, environment, cmd);
    return idempotency.run(request, reply, principal, async (tx) => {
      const answer = await executed(engine, environment, cmd, tx);
      return { status: 200, kind: 'literal', id: JSON.stringify(answer) };
    });
  },
});
