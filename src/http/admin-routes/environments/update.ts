import { Type } from 'typebox';
import { Environment, strict } from '../../../schemas/common.js';
import { defineAdminRoute } from '../../admin-route.js';

export default defineAdminRoute({
  method: 'PATCH',
  url: '/admin/v1/environments/:environment',
  operationId: 'updateEnvironment',
  summary: 'Switch an environment on or off',
  description: "Enables or disables the environment's listener (503 environment_disabled while off) and, for sandbox, the opening of sandbox accounts; every node is told.",
  tags: ['Environments'],
  errors: [],
  schema: { params: strict({ environment: Environment }), body: strict({ enabled: Type.Optional(Type.Boolean()), sandbox_opening: Type.Optional(Type.Boolean()) }) },
  handler: async ({ services, ops, params, body }) => {
    const out = await services.environments.set(params.environment, body);
    await ops.others({ kind: 'environments' });
    return out;
  },
});
