import { idempotencyKeyOf } from '../../plugins/idempotency.js';
import { Signal, SignalBody } from '../../schemas/signals.js';
import { defineRoute } from '../../route.js';
import { signalView } from '../../views/signals.js';

export default defineRoute({
  method: 'POST',
  url: '/v1/signals',
  operationId: 'createSignal',
  summary: 'Make a signal: an alert URL for TradingView or a bridge that places orders on several accounts (the URL is shown once)',
  description:
    "Makes a signal: an alert URL (`POST /v1/alerts/{secret}`, no Authorization header) whose alerts place an order on every account named, the size times the account's multiplier, each judged by its own account's rules and by the signal's fences (markets, max_order_usd, reduce_only, expires_at; refused with the codes a key's fences answer). `no_hedging` refuses an order that would open against a position held on another of your accounts. The URL carries the secret and is in this answer only: a replay with the same Idempotency-Key answers the signal with `url` null. A live signal needs `email_code`, the newest live_signal code emailed to you (docs/SIGNALS.md).",
  tags: ['signals'],
  access: 'trade',
  idempotencyKey: true,
  errors: ['account_not_found', 'market_not_found', 'email_code_required', 'invalid_email_code'],
  schema: { body: SignalBody, response: { 201: Signal } },
  handler: async ({ signals, principal, body, environment, request, reply, idempotency }) => {
    const maker = { customerId: principal.customer.id, environment, credentialId: principal.id };
    await signals.spendLiveCode(maker, body, idempotencyKeyOf(request));
    return idempotency.run(request, reply, principal, async (tx) => {
      const { record, url } = await signals.create(tx, maker, body);
      return { status: 201, kind: 'signal', id: record.id, view: signalView(record, url) };
    });
  },
});
