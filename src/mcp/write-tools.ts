import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { newIdempotencyKey as key, seg as q, type ApiCaller } from './api-caller.js';
import { accountId, bodyOf, confirm, exitFields, market, orderFields } from './inputs.js';
import { describePreview as describe, type Preview } from './preview-text.js';
import { apiError, failed, ok, onAccount, refused, type Places } from './result.js';

/**
 * The tools that place, cancel and close (the others that change something: exit-tools.ts, order-tools.ts). Each
 * previews first and, unless `confirm: true` is given, only answers the preview and what would happen — nothing is
 * sent. An assistant so shows the user the order before it exists, and a call made by mistake (or by a prompt
 * injection) costs one more round, not a position.
 */
export function registerWriteTools(server: McpServer, api: ApiCaller, at: Places, limits: string): void {
  server.registerTool(
    'place',
    {
      title: 'Place an order (preview, then confirm)',
      description:
        'Places an order with optional exits (take_profit, stop_loss with optional trailing distance, break_even). ' +
        'It always previews first (POST …/orders/test). Without confirm: true it sends nothing and answers the ' +
        'preview and what would happen: show it to the user and call again with confirm: true to place. ' +
        `Every key fence (markets, reduce-only, max order/position USD, loss stop) and account rule applies. ${limits}`,
      inputSchema: { ...orderFields, ...exitFields, confirm },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async (args) => {
      const w = at(args.account_id);
      const path = `/v1/accounts/${q(args.account_id)}/orders`;
      const exits = ['take_profit', 'stop_loss', 'break_even'].filter((k) => args[k as keyof typeof args] !== undefined);
      // The preview judges the exits too (a rule's mandatory stop and risk per trade).
      const pr = await api('POST', `${path}/test`, bodyOf(args, ['account_id', 'confirm']));
      if (failed(pr)) return apiError(w, pr, 'previewing the order');
      const preview = pr.body as Preview;
      const would = `${onAccount(w)}: ${describe(preview, exits)}`;
      if (preview.outcome === 'would_reject') return refused(w, { sent: false, preview, what_would_happen: would });
      if (args.confirm !== true) {
        return ok(w, { sent: false, preview, what_would_happen: would, to_place: 'Call place again with the same fields and confirm: true.' });
      }
      const r = await api('POST', path, bodyOf(args, ['account_id', 'confirm']), key());
      if (failed(r)) return apiError(w, r, 'placing the order');
      return ok(w, { sent: true, preview, what_would_happen: would, order: r.body });
    },
  );

  server.registerTool(
    'cancel',
    {
      title: 'Cancel an order (read, then confirm)',
      description:
        'Cancels a working order. It reads the order first; without confirm: true it only answers the order and ' +
        'what canceling would do. Canceling an exit order leaves its position without that protection (set_exits puts one back).',
      inputSchema: { account_id: accountId, order_id: z.string().min(1).max(64), confirm },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    async (args) => {
      const w = at(args.account_id);
      const path = `/v1/accounts/${q(args.account_id)}/orders/${q(args.order_id)}`;
      const cur = await api('GET', path);
      if (failed(cur)) return apiError(w, cur, 'reading the order');
      const o = cur.body as { status: string; side: string; size: string; market: string; type: string };
      const would = `${onAccount(w)}: would cancel ${o.type} ${o.side} ${o.size} ${o.market} (now ${o.status}).`;
      if (args.confirm !== true) return ok(w, { sent: false, order: o, what_would_happen: would, to_cancel: 'Call cancel again with confirm: true.' });
      const r = await api('DELETE', path, undefined, key());
      if (failed(r)) return apiError(w, r, 'canceling the order');
      return ok(w, { sent: true, what_would_happen: would, order: r.body });
    },
  );

  server.registerTool(
    'close',
    {
      title: 'Close a position (preview, then confirm)',
      description:
        'Closes a position at market (DELETE …/positions/{market}). It previews the closing order first (a ' +
        'reduce-only market order for the whole size); without confirm: true it sends nothing and answers the preview. ' +
        `Closing cancels the position's exits. ${limits}`,
      inputSchema: { account_id: accountId, market, confirm },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    async (args) => {
      const w = at(args.account_id);
      const base = `/v1/accounts/${q(args.account_id)}`;
      const pos = await api('GET', `${base}/positions/${q(args.market)}`);
      if (failed(pos)) return apiError(w, pos, 'reading the position');
      const p = pos.body as { side: 'long' | 'short'; size: string; unrealized_pnl: string };
      const body = { market: args.market, side: p.side === 'long' ? 'sell' : 'buy', type: 'market', size: p.size, reduce_only: true };
      const pr = await api('POST', `${base}/orders/test`, body);
      if (failed(pr)) return apiError(w, pr, 'previewing the close');
      const preview = pr.body as Preview;
      const would = `${onAccount(w)}: would close the ${p.side} ${p.size} ${args.market} position at market (unrealized PnL now ${p.unrealized_pnl} USD). ${describe(preview, [])}`;
      if (args.confirm !== true) return ok(w, { sent: false, position: p, preview, what_would_happen: would, to_close: 'Call close again with confirm: true.' });
      const r = await api('DELETE', `${base}/positions/${q(args.market)}`, undefined, key());
      if (failed(r)) return apiError(w, r, 'closing the position');
      return ok(w, { sent: true, preview, what_would_happen: would, result: r.body });
    },
  );
}
