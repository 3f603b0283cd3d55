import { IdParam } from '../../../http/schemas/credentials.js';
import { defineSessionRoute } from '../../session-route.js';

export default defineSessionRoute({
  method: 'DELETE',
  url: '/session/apps/:id',
  operationId: 'revokeConnectedApp',
  summary: 'Disconnect an app',
  description: "Ends one of the user's OAuth grants: its access tokens answer `revoked_token`, its refresh tokens stop.",
  tags: ['Apps'],
  errors: ['route_not_found'],
  session: true,
  schema: { params: IdParam },
  handler: async ({ oauth, current, params }) => oauth.revoke(current.user, params.id),
});
