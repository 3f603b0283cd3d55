import { Type } from 'typebox';
import { ApiError } from '../../../errors/api-error.js';
import { Environment, strict } from '../../../schemas/common.js';
import { defineSessionRoute } from '../../session-route.js';
import { EmailCode } from '../schemas.js';

/**
 * A dashboard token. Live trading from the page needs a fresh emailed code (docs/SECURITY.md item 10): a live token
 * asked for without one reads only (the page still shows live accounts); with the newest `live_trade` code it
 * trades, for its hour. Sandbox tokens trade and take no code.
 */
export default defineSessionRoute({
  method: 'POST',
  url: '/session/api-tokens',
  operationId: 'issueDashboardToken',
  summary: 'Issue a dashboard token for the API',
  description:
    'An access token for one environment, for an hour. Live: `read` without `email_code`, `trade` with the newest `live_trade` code. Sandbox tokens trade and take no code.',
  tags: ['Keys'],
  errors: ['invalid_email_code'],
  session: true,
  schema: { body: strict({ environment: Environment, email_code: Type.Optional(EmailCode) }) },
  handler: async ({ services, current, body, reply }) => {
    if (body.environment === 'sandbox' && body.email_code !== undefined) {
      throw new ApiError('invalid_request', { message: 'Sandbox tokens take no email_code.', details: { field: 'email_code' } });
    }
    if (body.email_code !== undefined) await services.people.codes.use(current.user, 'live_trade', body.email_code);
    const access = body.environment === 'sandbox' || body.email_code !== undefined ? 'trade' : 'read';
    const issued = await services.people.tokens.issue(current.user, current.session, body.environment, access);
    reply.code(201);
    return issued;
  },
});
