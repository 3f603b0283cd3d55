import { Limits } from '../../schemas/resources.js';
import { defineRoute } from '../../route.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/limits',
  operationId: 'getLimits',
  summary: "The customer's limits: sandbox accounts, request budgets, working-order caps, body and URL sizes",
  description:
    'The limits that apply to the key\'s customer: sandbox accounts used and left, the rate-limit budgets (ip, key, account_orders), the working-order caps, and the body, URL and JSON depth limits.',
  tags: ['service'],
  access: 'read',
  errors: [],
  schema: { response: { 200: Limits } },
  handler: async ({ accounts, settings, principal }) => {
    const { limits, rateLimitsEnabled, rateBudgets } = settings;
    const used = await accounts.count(principal.customer.id, 'sandbox');
    const limit = limits.sandbox_accounts_per_customer;
    return {
      sandbox_accounts: { limit, used, remaining: Math.max(0, limit - used) },
      rate_limits: { enabled: rateLimitsEnabled, ...rateBudgets },
      working_orders: limits.working_orders,
      body_max_bytes: limits.body_max_bytes,
      url_max_bytes: limits.url_max_bytes,
      json_max_depth: limits.json_max_depth,
      idempotency_key_ttl_ms: limits.idempotency_ttl_ms,
      max_expires_in_ms: limits.max_expires_in_ms,
    };
  },
});
