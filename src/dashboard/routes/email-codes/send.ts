import { Type } from 'typebox';
import { strict } from '../../../schemas/common.js';
import { CODE_PURPOSES } from '../../../services/people/email-codes.js';
import { defineSessionRoute } from '../../session-route.js';

export default defineSessionRoute({
  method: 'POST',
  url: '/session/email-codes',
  operationId: 'sendEmailCode',
  summary: 'Email a one-time code',
  description: "Mails the user a code for one purpose (a live key, live trading from the page, a live app's consent): 202 `{sent_to, expires_at}`.",
  tags: ['Keys'],
  errors: ['rate_limited'],
  session: true,
  schema: { body: strict({ purpose: Type.Union(CODE_PURPOSES.map((p) => Type.Literal(p))) }) },
  handler: async ({ services, current, body, reply }) => {
    const sent = await services.people.codes.send(current.user, body.purpose);
    reply.code(202);
    return sent;
  },
});
