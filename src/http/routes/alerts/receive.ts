import { Type } from 'typebox';
import { ALERT_MAX_BYTES } from '../../../signals/signals.js';
import { AlertAccepted, AlertParams } from '../../schemas/signals.js';
import { defineRoute } from '../../route.js';

export default defineRoute({
  method: 'POST',
  url: '/v1/alerts/:secret',
  operationId: 'receiveAlert',
  summary: "A signal's alert URL (TradingView's webhook): 202 at once, the orders follow on every account of the signal",
  description:
    "Where TradingView (or a bridge) posts an alert: the path's secret is the signal's, no Authorization header. The body is the alert message: JSON (numbers are read as the decimals written, never as floating point) or text (`buy BTCUSDT qty=0.5 sl=63000 tp=2% id=abc`, or TradingView's default strategy message); docs/SIGNALS.md lists the fields. Answers 202 with the alert's id once it is stored; the orders follow (GET /v1/signals/{id}/deliveries). A repeat of an alert (the same `id`, or the same `time` and action, within 24 h; the same body within 10 s) answers the first alert and places nothing. An alert that cannot be read answers 400 invalid_request (details.field, details.reason), is kept in the log, and places nothing.",
  tags: ['signals'],
  access: 'none',
  rawBody: { maxBytes: ALERT_MAX_BYTES },
  errors: ['signal_not_found', 'signal_expired', 'payload_too_large', 'unsupported_media_type'],
  schema: {
    params: AlertParams,
    body: Type.String({ description: 'The alert message: JSON (application/json) or text (text/plain), at most 8 KiB' }),
    response: { 202: AlertAccepted },
  },
  handler: async ({ signals, params, body, reply }) => {
    const { alert, duplicate } = await signals.receive(params.secret, body);
    reply.code(202);
    return { alert_id: alert.id, status: alert.status, duplicate, results: alert.results };
  },
});
