import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { dec, fmtMoney, mul, neg, sub } from '../engine/decimal.js';
import { seg as q, type ApiCaller } from './api-caller.js';
import { accountId, confirm, exitChangeFields, market } from './inputs.js';
import { apiError, failed, ok, onAccount, refused, type Places } from './result.js';

/** The exits as PUT …/positions/{market}/exits takes them (all three; null: none). */
interface Exits {
  take_profit: { price: string; limit_price?: string } | null;
  stop_loss: { price: string; trailing?: { distance: string } } | null;
  break_even: { trigger_price: string; offset_ticks: number } | null;
}
type ExitName = keyof Exits;
const EXITS: ExitName[] = ['take_profit', 'stop_loss', 'break_even'];

/** The parts of a position (GET …/positions/{market}) the tool reads. */
interface PositionView {
  market: string;
  side: 'long' | 'short';
  size: string;
  entry_price: string;
  mark_price: string;
  exits: {
    take_profit: { price: string | null; limit_price: string | null } | null;
    stop_loss: { price: string | null; trailing_distance: string | null } | null;
    break_even: { trigger_price: string; offset_ticks: number; done: boolean } | null;
  };
}

/**
 * The position's exits as the PUT takes them, so the ones not changed are sent back as they are. A break-even that
 * has already moved the stop has done its one job: it is not sent again (that would arm it anew).
 */
function exitsOf(v: PositionView['exits']): Exits {
  const tp = v.take_profit;
  const sl = v.stop_loss;
  const be = v.break_even;
  return {
    take_profit: tp?.price ? { price: tp.price, ...(tp.limit_price ? { limit_price: tp.limit_price } : {}) } : null,
    stop_loss: sl?.price ? { price: sl.price, ...(sl.trailing_distance ? { trailing: { distance: sl.trailing_distance } } : {}) } : null,
    break_even: be && !be.done ? { trigger_price: be.trigger_price, offset_ticks: be.offset_ticks } : null,
  };
}

function words(name: ExitName, e: Exits): string {
  const tp = e.take_profit;
  const sl = e.stop_loss;
  const be = e.break_even;
  switch (name) {
    case 'take_profit':
      return tp ? `take profit at ${tp.price}${tp.limit_price ? ` (limit ${tp.limit_price})` : ''}` : 'no take profit';
    case 'stop_loss':
      return sl ? `stop loss at ${sl.price}${sl.trailing ? `, trailing by ${sl.trailing.distance}` : ''}` : 'no stop loss';
    case 'break_even':
      return be ? `break-even at ${be.trigger_price} (stop to entry + ${be.offset_ticks} ticks)` : 'no break-even';
  }
}

/** What the change does, in words: each exit changed, those kept, and the loss at the stop afterwards. */
function whatWouldHappen(p: PositionView, before: Exits, after: Exits, given: ExitName[], doneBreakEven: boolean): string {
  const changed = given.map((n) => `${words(n, before)} → ${words(n, after)}`);
  const kept = EXITS.filter((n) => !given.includes(n) && after[n] !== null).map((n) => words(n, after));
  const parts = [`would change the exits of the ${p.side} ${p.size} ${p.market} position (entry ${p.entry_price}, mark ${p.mark_price}): ${changed.join('; ')}`];
  if (kept.length) parts.push(`kept: ${kept.join('; ')}`);
  if (doneBreakEven && !given.includes('break_even')) parts.push('the break-even has already moved the stop and is not armed again');
  const sl = after.stop_loss;
  if (sl) {
    const perUnit = p.side === 'long' ? sub(dec(p.entry_price), dec(sl.price)) : sub(dec(sl.price), dec(p.entry_price));
    const loss = mul(perUnit, dec(p.size));
    const result = loss < 0n ? `keep ${fmtMoney(neg(loss))} USD of profit` : `lose ${fmtMoney(loss)} USD`;
    parts.push(`at the stop ${sl.price} the position would ${result} against its entry, fees aside`);
  } else {
    parts.push('without a stop loss nothing limits its loss');
  }
  const sentences = parts.map((x, i) => (i === 0 ? x : x[0]!.toUpperCase() + x.slice(1)));
  return `${sentences.join('. ')}. The old exit orders are canceled (replaced) and the new ones placed.`;
}

/** set_exits: move, add or remove the take profit, stop loss (trailing or not) and break-even of an open position. */
export function registerExitTools(server: McpServer, api: ApiCaller, at: Places): void {
  server.registerTool(
    'set_exits',
    {
      title: "Change a position's exits (read, then confirm)",
      description:
        'Moves, adds or removes the exits protecting an open position: take_profit, stop_loss (optionally trailing ' +
        'the best price by trailing.distance) and break_even (once trigger_price trades, the stop moves to the entry ' +
        'plus offset_ticks). Give only the exits to change: an object sets or moves that exit, null removes it, an ' +
        'absent one stays as it is. It reads the position first; without confirm: true it sends nothing and answers ' +
        'the exits now, the exits after and the loss at the stop. With confirm: true it replaces the exits ' +
        '(PUT …/positions/{market}/exits): the old exit orders are canceled and new ones placed. A stop must lie ' +
        'below the entry and the last price for a long (above for a short).',
      inputSchema: { account_id: accountId, market, ...exitChangeFields, confirm },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    async (args) => {
      const w = at(args.account_id);
      const changes = args as unknown as Partial<Exits>;
      const given = EXITS.filter((n) => changes[n] !== undefined);
      if (given.length === 0) {
        return refused(w, { sent: false, what_would_happen: `${onAccount(w)}: nothing to change: give take_profit, stop_loss or break_even (null removes one).` });
      }
      const path = `/v1/accounts/${q(args.account_id)}/positions/${q(args.market)}`;
      const pos = await api('GET', path);
      if (failed(pos)) return apiError(w, pos, 'reading the position');
      const p = pos.body as PositionView;
      const before = exitsOf(p.exits);
      const after: Exits = { ...before, ...Object.fromEntries(given.map((n) => [n, changes[n]])) };
      const would = `${onAccount(w)}: ${whatWouldHappen(p, before, after, given, p.exits.break_even?.done === true)}`;
      const position = { market: p.market, side: p.side, size: p.size, entry_price: p.entry_price, mark_price: p.mark_price };
      if (args.confirm !== true) {
        return ok(w, { sent: false, position, exits_now: before, exits_after: after, what_would_happen: would, to_send: 'Call set_exits again with the same fields and confirm: true.' });
      }
      const r = await api('PUT', `${path}/exits`, after);
      if (failed(r)) return apiError(w, r, 'changing the exits');
      return ok(w, { sent: true, exits_after: after, what_would_happen: would, position: r.body });
    },
  );
}
