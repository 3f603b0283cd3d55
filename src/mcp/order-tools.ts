import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { newIdempotencyKey as key, seg as q, type ApiCaller } from './api-caller.js';
import { accountId, bodyOf, confirm, editFields, market, timeoutMs } from './inputs.js';
import { describePreview, type Preview } from './preview-text.js';
import { apiError, failed, ok, onAccount, refused, type Places } from './result.js';

/** The parts of an order (GET …/orders/{id}) these tools read. */
interface OrderView {
  id: string;
  market: string;
  side: 'buy' | 'sell' | null;
  type: string;
  status: string;
  size: string;
  limit_price: string | null;
  stop_price: string | null;
  reduce_only: boolean | null;
  post_only: boolean;
  time_in_force: string;
  expires_at: number | null;
  exit_of_position: 'take_profit' | 'stop_loss' | null;
}

const EDITABLE = ['limit', 'stop_market', 'stop_limit'];
const WRITE = { readOnlyHint: false, destructiveHint: true, openWorldHint: false } as const;
const iso = (ms: number) => new Date(ms).toISOString();

function duration(ms: number): string {
  if (ms < 120_000) return `${ms / 1000} seconds`;
  if (ms < 7_200_000) return `${Math.round(ms / 6_000) / 10} minutes`;
  return `${Math.round(ms / 360_000) / 10} hours`;
}

function orderWords(o: OrderView): string {
  if (o.exit_of_position) return `the ${o.exit_of_position} of the ${o.market} position (stop ${o.stop_price ?? '?'})`;
  const prices = [o.limit_price ? `limit ${o.limit_price}` : '', o.stop_price ? `stop ${o.stop_price}` : ''].filter(Boolean).join(', ');
  return `${o.type} ${o.side ?? ''} ${o.size} ${o.market}${prices ? ` (${prices})` : ''}`;
}

/** The edit in words: each field from what it is to what it becomes. */
function editWords(o: OrderView, fields: Record<string, unknown>): string[] {
  const now: Record<string, unknown> = { size: o.size, limit_price: o.limit_price, stop_price: o.stop_price, expires_at: o.expires_at };
  return Object.entries(fields).map(([name, to]) => {
    if (name !== 'exits') return `${name} ${String(now[name] ?? 'none')} → ${String(to)}`;
    if (to === null) return 'every pending exit removed';
    const parts = Object.entries(to as Record<string, { price?: string; trigger_price?: string } | null>);
    return `exits: ${parts.map(([k, v]) => (v === null ? `${k} removed` : `${k} at ${v.price ?? v.trigger_price}`)).join(', ')}`;
  });
}

/** The working order as edited, as a preview body: what it would do if it were placed so (judged beside itself). */
function previewBodyOf(o: OrderView, fields: Record<string, unknown>): Record<string, unknown> {
  const pick = (name: 'limit_price' | 'stop_price') => (fields[name] as string | undefined) ?? o[name];
  const limit = pick('limit_price');
  const stop = pick('stop_price');
  const expires = (fields.expires_at as number | undefined) ?? o.expires_at;
  return {
    market: o.market,
    side: o.side,
    type: o.type,
    size: (fields.size as string | undefined) ?? o.size,
    ...(limit !== null ? { limit_price: limit } : {}),
    ...(stop !== null ? { stop_price: stop } : {}),
    ...(o.reduce_only ? { reduce_only: true } : {}),
    ...(o.post_only ? { post_only: true } : {}),
    time_in_force: o.time_in_force,
    ...(o.time_in_force === 'gtd' && expires !== null ? { expires_at: expires } : {}),
  };
}

/** edit, cancel_all and dead_man_switch: the order-level writes beside place and cancel (write-tools.ts). */
export function registerOrderTools(server: McpServer, api: ApiCaller, at: Places): void {
  server.registerTool(
    'edit',
    {
      title: 'Edit a working order (preview, then confirm)',
      description:
        'Changes a working limit or stop order in place (PATCH …/orders/{order_id}): size, limit_price, stop_price, ' +
        'expires_at, or the exits it places when it fills. It reads the order and previews it as edited; without ' +
        'confirm: true it sends nothing and answers the order, the changes and the preview. Rampart judges the edit ' +
        'by every check of a new order and refuses one that would fill at once. The exits of an open position are ' +
        'changed with set_exits, not here.',
      inputSchema: { account_id: accountId, order_id: z.string().min(1).max(64), ...editFields, confirm },
      annotations: { ...WRITE, idempotentHint: true },
    },
    async (args) => {
      const w = at(args.account_id);
      const fields = bodyOf(args, ['account_id', 'order_id', 'confirm']);
      if (Object.keys(fields).length === 0) {
        return refused(w, { sent: false, what_would_happen: `${onAccount(w)}: nothing to change: give size, limit_price, stop_price, expires_at or exits.` });
      }
      const path = `/v1/accounts/${q(args.account_id)}/orders/${q(args.order_id)}`;
      const cur = await api('GET', path);
      if (failed(cur)) return apiError(w, cur, 'reading the order');
      const o = cur.body as OrderView;
      if (o.exit_of_position !== null) {
        return refused(w, { sent: false, order: o, what_would_happen: `${onAccount(w)}: order ${o.id} is ${orderWords(o)}: change it with set_exits.` });
      }
      let preview: Preview | null = null;
      if (o.status === 'working' && o.side !== null && EDITABLE.includes(o.type)) {
        const pr = await api('POST', `/v1/accounts/${q(args.account_id)}/orders/test`, previewBodyOf(o, fields));
        if (failed(pr)) return apiError(w, pr, 'previewing the edited order');
        preview = pr.body as Preview;
      }
      const asNew = preview ? ` Previewed as if placed anew (its current margin still counted): ${describePreview(preview, [])}` : '';
      const would =
        `${onAccount(w)}: would edit ${orderWords(o)}, order ${o.id} (now ${o.status}): ${editWords(o, fields).join('; ')}.${asNew}` +
        ' Rampart judges the edit itself when it is sent, and refuses one that would fill at once.';
      if (args.confirm !== true) {
        return ok(w, { sent: false, order: o, changes: fields, preview, what_would_happen: would, to_send: 'Call edit again with the same fields and confirm: true.' });
      }
      const r = await api('PATCH', path, fields, key());
      if (failed(r)) return apiError(w, r, 'editing the order');
      return ok(w, { sent: true, what_would_happen: would, order: r.body });
    },
  );

  server.registerTool(
    'cancel_all',
    {
      title: 'Cancel every working order (read, then confirm)',
      description:
        "Cancels every working order of the account, or of one market, from any platform (POST …/orders/cancel-all; " +
        'cancel_reason cancel_all). The exit orders protecting positions are working orders too: they are canceled ' +
        'with the rest. It lists the working orders first; without confirm: true it sends nothing and answers what ' +
        'would be canceled. A credential limited to some markets cancels only theirs.',
      inputSchema: { account_id: accountId, market: market.optional(), confirm },
      annotations: { ...WRITE, idempotentHint: true },
    },
    async (args) => {
      const w = at(args.account_id);
      const base = `/v1/accounts/${q(args.account_id)}/orders`;
      const list = await api('GET', `${base}?status=working&limit=1000${args.market ? `&market=${q(args.market)}` : ''}`);
      if (failed(list)) return apiError(w, list, 'listing the working orders');
      const page = list.body as { data: OrderView[]; has_more?: boolean };
      const orders = page.data;
      const where = args.market ? ` in ${args.market}` : '';
      const exits = orders.filter((o) => o.exit_of_position !== null);
      const would =
        orders.length === 0
          ? `${onAccount(w)}: no working order${where}: nothing would be canceled.`
          : `${onAccount(w)}: would cancel ${page.has_more ? 'at least ' : ''}${orders.length} working order${orders.length === 1 ? '' : 's'}${where}: ` +
            `${orders.map(orderWords).join('; ')}.` +
            (exits.length === 1 ? ' One of them protects an open position, which would be left without it (set_exits puts exits back).' : '') +
            (exits.length > 1 ? ` ${exits.length} of them protect open positions, which would be left without them (set_exits puts exits back).` : '');
      const shown = orders.map(({ id, type, side, size, market: m, limit_price, stop_price, exit_of_position }) => ({ id, type, side, size, market: m, limit_price, stop_price, exit_of_position }));
      if (args.confirm !== true) {
        return ok(w, { sent: false, orders: shown, what_would_happen: would, to_send: 'Call cancel_all again with the same fields and confirm: true.' });
      }
      const r = await api('POST', `${base}/cancel-all`, args.market ? { market: args.market } : {}, key());
      if (failed(r)) return apiError(w, r, 'canceling the orders');
      return ok(w, { sent: true, what_would_happen: would, result: r.body });
    },
  );

  server.registerTool(
    'dead_man_switch',
    {
      title: 'Arm, renew or disarm the dead-man switch (read, then confirm)',
      description:
        'Arms the account\'s dead-man switch (POST …/orders/cancel-all-after): unless it is called again within ' +
        'timeout_ms, every working order that opens or adds exposure is canceled (cancel_reason dead_man_switch); ' +
        'reduce-only orders and the exits protecting positions stay. Calling again renews it from then; timeout_ms 0 ' +
        'disarms it. It reads the switch first; without confirm: true it sends nothing and answers what would happen.',
      inputSchema: { account_id: accountId, timeout_ms: timeoutMs, confirm },
      annotations: { ...WRITE, idempotentHint: false },
    },
    async (args) => {
      const w = at(args.account_id);
      const path = `/v1/accounts/${q(args.account_id)}/orders/cancel-all-after`;
      const cur = await api('GET', path);
      if (failed(cur)) return apiError(w, cur, 'reading the dead-man switch');
      const now = cur.body as { armed: boolean; fires_at: number | null };
      const state = now.armed && now.fires_at !== null ? `armed, fires at ${iso(now.fires_at)}` : 'not armed';
      const would =
        args.timeout_ms === 0
          ? `${onAccount(w)}: ${now.armed ? `would disarm the dead-man switch (now ${state}).` : 'the dead-man switch is not armed: disarming changes nothing.'}`
          : `${onAccount(w)}: would ${now.armed ? 'renew' : 'arm'} the dead-man switch (now ${state}): unless it is called again within ` +
            `${duration(args.timeout_ms)} of being sent, every working order that opens or adds exposure is canceled (cancel_reason ` +
            'dead_man_switch); reduce-only orders and the exits protecting positions stay. Call it again before then to renew it, with timeout_ms 0 to disarm it.';
      if (args.confirm !== true) {
        return ok(w, { sent: false, dead_man_switch: now, what_would_happen: would, to_send: 'Call dead_man_switch again with the same timeout_ms and confirm: true.' });
      }
      const r = await api('POST', path, { timeout_ms: args.timeout_ms }, key());
      if (failed(r)) return apiError(w, r, 'setting the dead-man switch');
      const after = r.body as { armed: boolean; fires_at: number | null };
      const fires = after.armed && after.fires_at !== null ? ` It fires at ${iso(after.fires_at)} unless renewed.` : ' It is not armed now.';
      return ok(w, { sent: true, what_would_happen: would + fires, dead_man_switch: after });
    },
  );
}
