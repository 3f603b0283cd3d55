import { Type } from 'typebox';
import { ApiError } from '../../../errors/api-error.js';
import { KeyBody } from '../../../http/schemas/credentials.js';
import { strict } from '../../../schemas/common.js';
import { defineSessionRoute } from '../../session-route.js';
import { EmailCode } from '../schemas.js';

export default defineSessionRoute({
  method: 'POST',
  url: '/session/keys',
  operationId: 'createKey',
  summary: 'Create an API key',
  description:
    "Creates a key for the customer, with the same fields as the operator API; the secret is shown once. A live key needs the newest `live_key` code emailed to the user; the customer's first sandbox key opens its first sandbox account (`opened_account`).",
  tags: ['Keys'],
  errors: ['email_code_required', 'invalid_email_code'],
  session: true,
  schema: { body: strict({ ...KeyBody.properties, email_code: Type.Optional(EmailCode) }) },
  handler: async ({ services, current, body, reply }) => {
    const { email_code, ...input } = body;
    // SPEC: "Sandbox keys need no email code"; a live key does.
    if (input.environment === 'live') {
      if (email_code === undefined) throw new ApiError('email_code_required', { details: { purpose: 'live_key' } });
      await services.people.codes.use(current.user, 'live_key', email_code);
    }
    const created = await services.keys.create(current.user.customer_id, input);
    reply.code(201);
    const opened = created.opened_account;
    return { ...created.record, key: created.key, opened_account: opened ? { id: opened.id, environment: opened.environment } : null };
  },
});
