import { Type } from 'typebox';
import { envelope } from '../../envelope.js';
import { EventId } from '../../schemas/events.js';
import { defineRoute } from '../../route.js';
import { AccountParams } from '../orders/shared.js';

const SseStream = Type.Unsafe<string>({
  description:
    'Server-Sent Events: each event as `id:` (its id), `event:` (its type) and `data:` (the event JSON, as GET /v1/events lists it); ' +
    'a `: heartbeat` comment every 15 s; a client too slow to take its events gets `event: error` with `{"code":"slow_consumer"}` and is disconnected. ' +
    'When the credential stops opening the account (revoked, expired, API access disabled, account out of reach), the stream sends within 1 s a last ' +
    '`event: error` whose data is the error a new request would get (`code`, `type`, `message`, `request_id` of the stream, `retryable`, `doc_url`, `details`) and closes the connection.',
  content: { 'text/event-stream': { schema: { type: 'string' } } },
});

export default defineRoute({
  method: 'GET',
  url: '/v1/accounts/:account_id/stream',
  operationId: 'streamAccount',
  summary: "The account's events as Server-Sent Events, live; resume=<event id> or Last-Event-ID continues after that event without a gap",
  description:
    'The account\'s events as Server-Sent Events, live. `resume` (or the `Last-Event-ID` header, which wins) continues after that event without a gap; without either the stream starts at the newest event. A heartbeat comment is sent every 15 s.',
  tags: ['events'],
  access: 'read',
  streaming: true,
  errors: ['account_not_found', 'invalid_cursor', 'state_unavailable'],
  schema: {
    params: AccountParams,
    querystring: Type.Object({ resume: Type.Optional(EventId) }, { additionalProperties: false }),
    response: { 200: SseStream },
  },
  handler: async ({ accounts, events, streams, settings, principal, params, query, environment, request, reply }) => {
    const account = await accounts.reachable(params.account_id, principal.customer.id, environment);
    // A reconnecting EventSource sends Last-Event-ID with the URL it first used: the header is the newer place.
    const header = request.headers['last-event-id'];
    const cursor = typeof header === 'string' && header !== '' ? header : query.resume;
    const scope = { environment, customerId: principal.customer.id, accountId: account.id };
    const afterSeq = cursor === undefined ? await events.head(scope) : await events.cursorSeq(cursor, scope);
    // HEAD answers what GET would, without a stream that never ends.
    if (request.method === 'HEAD') return reply.type('text/event-stream; charset=utf-8').header('cache-control', 'no-cache, no-transform').send('');
    reply.hijack();
    const grant = { kind: principal.kind, hash: principal.hash, customerId: principal.customer.id, environment, accountId: account.id };
    // The envelope's error object, code first as in the slow_consumer frame.
    const farewell = (err: Parameters<typeof envelope>[0]) => {
      const { code, ...rest } = envelope(err, request.id, settings.docsUrl).error;
      return JSON.stringify({ code, ...rest });
    };
    streams.open(reply.raw, { environment, accountId: account.id, afterSeq, grant, farewell }, reply.getHeaders() as Record<string, string | number | string[]>);
    return reply;
  },
});
