import { defineAdminRoute } from '../../admin-route.js';

export default defineAdminRoute({
  method: 'GET',
  url: '/admin/v1/cluster',
  operationId: 'getCluster',
  summary: 'Read the state of the cluster',
  description: 'The nodes of the cluster and who holds each engine partition (CONTRACT §8).',
  tags: ['Cluster'],
  errors: [],
  schema: {},
  handler: async ({ cluster }) => cluster.status(),
});
