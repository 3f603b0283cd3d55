import { ApiError } from '../../../errors/api-error.js';
import { IdParam } from '../../../http/schemas/credentials.js';
import { defineSessionRoute } from '../../session-route.js';

export default defineSessionRoute({
  method: 'DELETE',
  url: '/session/keys/:id',
  operationId: 'revokeKey',
  summary: 'Revoke an API key',
  description: "Revokes one of the customer's keys; another customer's key is as unknown as a made-up id (`route_not_found`).",
  tags: ['Keys'],
  errors: ['route_not_found'],
  session: true,
  schema: { params: IdParam },
  handler: async ({ services, current, params }) => {
    const key = await services.credentials.require('key', params.id).catch(() => undefined);
    // Another customer's key is as unknown as a made-up id.
    if (!key || key.customer_id !== current.user.customer_id) {
      throw new ApiError('route_not_found', { message: `no key ${params.id}`, details: { key_id: params.id } });
    }
    return services.keys.revoke(params.id);
  },
});
