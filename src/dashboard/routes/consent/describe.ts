import { defineSessionRoute } from '../../session-route.js';
import { UidParam } from '../schemas.js';

// The consent routes live under the consent page's path, /consent/{uid}: the browser that started the request
// sends oidc-provider's interaction cookie (whose path is the page's) there only, and these routes require it.

/** What an authorization request asks for (the consent screen): the client, its kind, the API host. */
export default defineSessionRoute({
  method: 'GET',
  url: '/consent/:uid/request',
  operationId: 'describeAuthorizationRequest',
  summary: 'What an OAuth authorization request asks for',
  description: "The client, its kind and the API host of a pending authorization request of this browser (the consent screen, docs/OAUTH.md).",
  tags: ['Apps'],
  errors: ['route_not_found', 'authorization_request_not_yours'],
  session: true,
  schema: { params: UidParam },
  handler: async ({ oauth, params, request, reply }) => oauth.describe(params.uid, { req: request.raw, res: reply.raw }),
});
