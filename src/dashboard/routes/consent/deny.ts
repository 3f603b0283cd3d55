import { defineSessionRoute } from '../../session-route.js';
import { UidParam } from '../schemas.js';

export default defineSessionRoute({
  method: 'POST',
  url: '/consent/:uid/deny',
  operationId: 'denyAuthorizationRequest',
  summary: 'Deny an OAuth authorization request',
  description: 'The client gets `access_denied`; answers where the browser goes next (`{redirect_to}`).',
  tags: ['Apps'],
  errors: ['route_not_found', 'authorization_request_not_yours'],
  session: true,
  schema: { params: UidParam },
  handler: async ({ oauth, params, request, reply }) => oauth.deny(params.uid, { req: request.raw, res: reply.raw }),
});
