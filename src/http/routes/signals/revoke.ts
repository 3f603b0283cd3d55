import { Signal, SignalParams } from '../../schemas/signals.js';
import { defineRoute } from '../../route.js';
import { signalView } from '../../views/signals.js';

export default defineRoute({
  method: 'DELETE',
  url: '/v1/signals/:signal_id',
  operationId: 'revokeSignal',
  summary: 'Revoke a signal: its URL answers signal_not_found from now on (no Idempotency-Key needed: revoking twice answers signal_not_found)',
  description:
    'Revokes a signal: its URL answers 404 `signal_not_found` from now on, and alerts already taken finish. The signal and its log stay listed with `revoked_at`. Revoking it again answers `signal_not_found`, so no Idempotency-Key is needed.',
  tags: ['signals'],
  access: 'trade',
  errors: ['signal_not_found'],
  schema: { params: SignalParams, response: { 200: Signal } },
  handler: async ({ signals, principal, params, environment }) => signalView(await signals.revoke(principal.customer.id, environment, params.signal_id)),
});
