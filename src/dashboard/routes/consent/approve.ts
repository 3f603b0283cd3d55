import { ApiError } from '../../../errors/api-error.js';
import type { Environment } from '../../../schemas/common.js';
import { defineSessionRoute } from '../../session-route.js';
import { ConsentBody, UidParam } from '../schemas.js';

export default defineSessionRoute({
  method: 'POST',
  url: '/consent/:uid/approve',
  operationId: 'approveAuthorizationRequest',
  summary: 'Approve an OAuth authorization request',
  description:
    "Grants the client read or trade with a key's fences; a live grant needs the newest `live_app` code emailed to the user. Answers where the browser goes next (`{redirect_to}`).",
  tags: ['Apps'],
  errors: ['route_not_found', 'authorization_request_not_yours', 'email_code_required', 'invalid_email_code'],
  session: true,
  schema: { params: UidParam, body: ConsentBody },
  handler: async ({ services, oauth, current, params, body, request, reply }) => {
    const { email_code, ...choice } = body;
    // Judged once the request is known to be this browser's and for which host, before anything is granted.
    const confirm = async (environment: Environment) => {
      if (environment === 'sandbox') {
        if (email_code !== undefined) throw new ApiError('invalid_request', { message: 'A sandbox consent takes no email_code.', details: { field: 'email_code' } });
        return;
      }
      if (email_code === undefined) throw new ApiError('email_code_required', { details: { purpose: 'live_app' } });
      await services.people.codes.use(current.user, 'live_app', email_code);
    };
    return oauth.approve(params.uid, current.user, choice, { req: request.raw, res: reply.raw }, confirm);
  },
});
