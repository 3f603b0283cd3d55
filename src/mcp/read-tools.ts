import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ApiCaller } from './api-caller.js';
import { accountId, bodyOf, market, orderFields } from './inputs.js';
import { apiError, failed, ok, type Places } from './result.js';

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
const q = (v: string) => encodeURIComponent(v);

/** The tools that only read: accounts (with rule headroom), markets, preview, positions, events. */
export function registerReadTools(server: McpServer, api: ApiCaller, at: Places, limits: string): void {
  server.registerTool(
    'accounts',
    {
      title: 'Accounts and rule headroom',
      description:
        'Lists the trading accounts this credential reaches, or one account with account_id, each with `headroom`: ' +
        'every rule in force (daily loss, drawdown, profit target, day minimums) with its limit, its value now and how ' +
        `far it may go before the rule acts or is met (headroom 0 once reached). ${limits}`,
      inputSchema: { account_id: accountId.optional() },
      annotations: READ,
    },
    async ({ account_id }) => {
      const w = at(account_id);
      if (account_id) {
        const r = await api('GET', `/v1/accounts/${q(account_id)}`);
        return failed(r) ? apiError(w, r, 'reading the account') : ok(w, { account: r.body });
      }
      const r = await api('GET', '/v1/accounts?limit=100');
      if (failed(r)) return apiError(w, r, 'listing the accounts');
      return ok(w, { accounts: (r.body as { data: unknown[] }).data });
    },
  );

  server.registerTool(
    'markets',
    {
      title: 'Markets',
      description: 'Lists the markets (status, tick size, size step, minimum notional, prices), or one market by id.',
      inputSchema: { market: market.optional() },
      annotations: READ,
    },
    async (args) => {
      const r = await api('GET', args.market ? `/v1/markets/${q(args.market)}` : '/v1/markets');
      return failed(r) ? apiError(at(), r, 'reading the markets') : ok(at(), args.market ? { market: r.body } : { markets: (r.body as { data: unknown }).data });
    },
  );

  server.registerTool(
    'preview',
    {
      title: 'Preview an order',
      description:
        'Asks Rampart what an order would do, without placing it (POST /v1/accounts/{id}/orders/test): would fill, ' +
        `rest or be rejected (with the code), at what price, fee, margin needed and left, the position after. ${limits}`,
      inputSchema: orderFields,
      annotations: READ,
    },
    async (args) => {
      const r = await api('POST', `/v1/accounts/${q(args.account_id)}/orders/test`, bodyOf(args, ['account_id']));
      return failed(r) ? apiError(at(args.account_id), r, 'previewing the order') : ok(at(args.account_id), { preview: r.body });
    },
  );

  server.registerTool(
    'positions',
    {
      title: 'Positions',
      description: 'Lists the open positions of an account (size, entry, mark, unrealized PnL, liquidation price, exits), or one market\'s.',
      inputSchema: { account_id: accountId, market: market.optional() },
      annotations: READ,
    },
    async (args) => {
      const base = `/v1/accounts/${q(args.account_id)}/positions`;
      const r = await api('GET', args.market ? `${base}/${q(args.market)}` : base);
      const w = at(args.account_id);
      return failed(r) ? apiError(w, r, 'reading the positions') : ok(w, args.market ? { position: r.body } : { positions: (r.body as { data: unknown }).data });
    },
  );

  server.registerTool(
    'orders',
    {
      title: 'Orders',
      description: 'Lists an account\'s orders, newest first (filter by status), or one order by id.',
      inputSchema: { account_id: accountId, order_id: z.string().min(1).max(64).optional(), status: z.string().min(1).max(32).optional().describe("'open' (pending, working, unconfirmed) or one status; absent: all") },
      annotations: READ,
    },
    async (args) => {
      const base = `/v1/accounts/${q(args.account_id)}/orders`;
      const r = await api('GET', args.order_id ? `${base}/${q(args.order_id)}` : args.status ? `${base}?status=${q(args.status)}` : base);
      const w = at(args.account_id);
      return failed(r) ? apiError(w, r, 'reading the orders') : ok(w, args.order_id ? { order: r.body } : { orders: (r.body as { data: unknown }).data });
    },
  );

  server.registerTool(
    'events',
    {
      title: 'Events',
      description: 'Reads the event log (orders, fills, positions, rule breaches, account status), oldest first, after an event id.',
      inputSchema: {
        account_id: accountId.optional(),
        after: z.string().min(1).max(64).optional().describe('Only events after this event id'),
        limit: z.number().int().min(1).max(100).optional(),
      },
      annotations: READ,
    },
    async (args) => {
      const qs = new URLSearchParams();
      if (args.account_id) qs.set('account_id', args.account_id);
      if (args.after) qs.set('after', args.after);
      qs.set('limit', String(args.limit ?? 50));
      const r = await api('GET', `/v1/events?${qs.toString()}`);
      const w = at(args.account_id);
      return failed(r) ? apiError(w, r, 'reading the events') : ok(w, r.body as Record<string, unknown>);
    },
  );
}
