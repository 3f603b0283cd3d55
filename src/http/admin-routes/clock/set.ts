import { Type } from 'typebox';
import { CLOCK_SETTING } from '../../../cluster/ops.js';
import { ManualClock } from '../../../engine/clock.js';
import { ApiError } from '../../../errors/api-error.js';
import { strict, TimeMs } from '../../../schemas/common.js';
import { defineAdminRoute } from '../../admin-route.js';

export default defineAdminRoute({
  method: 'POST',
  url: '/admin/v1/clock',
  operationId: 'setClock',
  summary: 'Move the manual clock',
  description: 'Sets the manual clock to `now` or moves it on by `advance_ms`, on every node; it never goes back. Only with RAMPART_CLOCK=manual.',
  tags: ['Clock'],
  errors: [],
  schema: { body: Type.Union([strict({ now: TimeMs }), strict({ advance_ms: Type.Integer({ minimum: 0 }) })]) },
  handler: async ({ services, ops, body }) => {
    const clock = services.clock;
    if (!(clock instanceof ManualClock)) throw new ApiError('invalid_request', { message: 'The clock is the system clock; start with RAMPART_CLOCK=manual.' });
    const next = 'now' in body ? body.now : clock.now() + body.advance_ms;
    if (!Number.isSafeInteger(next) || next < clock.now()) throw new ApiError('invalid_request', { message: 'The clock never goes back.', details: { now: clock.now() } });
    // Kept in the store (one `now` for the cluster; a node that starts takes it), then moved on every node.
    await services.store.transaction((tx) => tx.setSetting(CLOCK_SETTING, String(next)));
    return ops.all({ kind: 'clock', now: next });
  },
});
