import { Environment, strict } from '../../../schemas/common.js';
import { defineAdminRoute } from '../../admin-route.js';

export default defineAdminRoute({
  method: 'POST',
  url: '/admin/v1/engine/restart',
  operationId: 'restartEngine',
  summary: "Restart an environment's engine",
  description: 'Every node restarts the engine partitions of the environment it holds, from the store, before the answer.',
  tags: ['Engine'],
  errors: [],
  schema: { body: strict({ environment: Environment }) },
  handler: async ({ services, ops, body }) => {
    const { environment } = body;
    // Every node restarts the partitions of env it holds.
    await ops.all({ kind: 'restart', environment });
    return { environment, restarted_at: services.clock.now() };
  },
});
