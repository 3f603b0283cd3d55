import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ApiCaller } from './api-caller.js';
import { accountId, bodyOf, confirm, exitFields, market, orderFields } from './inputs.js';
import { apiError, failed, ok, refused } from './result.js';

/**
 * The tools that change something: place, cancel, close. Each previews first and, unless `confirm: true` is given,
 * only answers the preview and what would happen — nothing is sent. An assistant so shows the user the order before
 * it exists, and a call made by mistake (or by a prompt injection) costs one more round, not a position.
 */

const q = (v: string) => encodeURIComponent(v);
const key = () => `mcp-${randomUUID()}`;

interface Preview {
  outcome: 'would_fill' | 'would_rest' | 'would_reject';
  reject: { code: string; message: string } | null;
  side: string;
  size: string | null;
  market: string;
  price: { price: string | null };
  fee: string | null;
  margin: { required: string | null; remaining: string | null };
  risk_at_stop?: { stop_price: string; risk_usd: string; max_risk_usd: string | null } | null;
  rule_impact?: { breaches: { rule: string; by_usd: string }[]; breach_prices: { rule: string; price: string | null }[] } | null;
}

function describe(p: Preview, exits: string[]): string {
  if (p.outcome === 'would_reject') return `Rampart would refuse this order: ${p.reject?.code} (${p.reject?.message}).`;
  const how = p.outcome === 'would_fill' ? `fill now at about ${p.price.price ?? 'the market price'}` : 'rest on the book';
  const withExits = exits.length ? `, with ${exits.join(', ')} attached` : '';
  const r = p.risk_at_stop;
  const risk = r ? ` Loss at the stop ${r.stop_price}: ${r.risk_usd} USD${r.max_risk_usd !== null ? ` (the account allows ${r.max_risk_usd} per trade)` : ''}.` : '';
  const names: Record<string, string> = { daily_loss: 'the daily loss limit', drawdown: 'the drawdown floor' };
  const impact = p.rule_impact;
  const now = impact?.breaches.length ? ` It would reach ${impact.breaches.map((b) => `${names[b.rule] ?? b.rule} at once (by ${b.by_usd} USD)`).join(' and ')}.` : '';
  const at = impact?.breach_prices.filter((b) => b.price !== null).map((b) => `${names[b.rule] ?? b.rule} at ${p.market} ${b.price}`) ?? [];
  const prices = at.length ? ` The position after it reaches ${at.join(', ')}.` : '';
  return `${p.side} ${p.size ?? '?'} ${p.market}: would ${how}${withExits}; fee ${p.fee ?? '0'}, margin ${p.margin.required ?? '0'} USD (left after: ${p.margin.remaining ?? '?'}).${risk}${now}${prices}`;
}

export function registerWriteTools(server: McpServer, api: ApiCaller, limits: string): void {
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
      const path = `/v1/accounts/${q(args.account_id)}/orders`;
      const exits = ['take_profit', 'stop_loss', 'break_even'].filter((k) => args[k as keyof typeof args] !== undefined);
      // The preview judges the exits too (a rule's mandatory stop and risk per trade).
      const pr = await api('POST', `${path}/test`, bodyOf(args, ['account_id', 'confirm']));
      if (failed(pr)) return apiError(pr, 'previewing the order');
      const preview = pr.body as Preview;
      const would = describe(preview, exits);
      if (preview.outcome === 'would_reject') return refused({ sent: false, preview, what_would_happen: would });
      if (args.confirm !== true) {
        return ok({ sent: false, preview, what_would_happen: would, to_place: 'Call place again with the same fields and confirm: true.' });
      }
      const r = await api('POST', path, bodyOf(args, ['account_id', 'confirm']), key());
      if (failed(r)) return apiError(r, 'placing the order');
      return ok({ sent: true, preview, what_would_happen: would, order: r.body });
    },
  );

  server.registerTool(
    'cancel',
    {
      title: 'Cancel an order (read, then confirm)',
      description:
        'Cancels a working order. It reads the order first; without confirm: true it only answers the order and ' +
        'what canceling would do. Canceling an exit order leaves its position without that protection.',
      inputSchema: { account_id: accountId, order_id: z.string().min(1).max(64), confirm },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    async (args) => {
      const path = `/v1/accounts/${q(args.account_id)}/orders/${q(args.order_id)}`;
      const cur = await api('GET', path);
      if (failed(cur)) return apiError(cur, 'reading the order');
      const o = cur.body as { status: string; side: string; size: string; market: string; type: string };
      const would = `Would cancel ${o.type} ${o.side} ${o.size} ${o.market} (now ${o.status}).`;
      if (args.confirm !== true) return ok({ sent: false, order: o, what_would_happen: would, to_cancel: 'Call cancel again with confirm: true.' });
      const r = await api('DELETE', path, undefined, key());
      if (failed(r)) return apiError(r, 'canceling the order');
      return ok({ sent: true, what_would_happen: would, order: r.body });
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
      const base = `/v1/accounts/${q(args.account_id)}`;
      const pos = await api('GET', `${base}/positions/${q(args.market)}`);
      if (failed(pos)) return apiError(pos, 'reading the position');
      const p = pos.body as { side: 'long' | 'short'; size: string; unrealized_pnl: string };
      const body = { market: args.market, side: p.side === 'long' ? 'sell' : 'buy', type: 'market', size: p.size, reduce_only: true };
      const pr = await api('POST', `${base}/orders/test`, body);
      if (failed(pr)) return apiError(pr, 'previewing the close');
      const preview = pr.body as Preview;
      const would = `Would close the ${p.side} ${p.size} ${args.market} position at market (unrealized PnL now ${p.unrealized_pnl} USD). ${describe(preview, [])}`;
      if (args.confirm !== true) return ok({ sent: false, position: p, preview, what_would_happen: would, to_close: 'Call close again with confirm: true.' });
      const r = await api('DELETE', `${base}/positions/${q(args.market)}`, undefined, key());
      if (failed(r)) return apiError(r, 'closing the position');
      return ok({ sent: true, preview, what_would_happen: would, result: r.body });
    },
  );
}
