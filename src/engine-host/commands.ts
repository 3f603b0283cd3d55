import { marginLocked, settingOf, type Book } from '../engine/book.js';
import type { Clock } from '../engine/clock.js';
import { closeAll } from '../engine/close-all.js';
import { dec } from '../engine/decimal.js';
import type { PlaceRequest } from '../engine/engine.js';
import type { MarketSpec } from '../engine/types.js';
import type { Rejection } from '../errors/api-error.js';
import type { Environment } from '../schemas/common.js';
import { orderFromData, orderView } from '../views/trading-views.js';
import type { Tx } from '../store/port.js';
import type { EngineHost } from './host.js';
import type { EngineAnswer, EngineCommand, MarginSettingJson, OrderJson, PlaceCommand, ResultOf } from './port.js';
import { actorFromWire, exitPatchFromWire, exitsFromWire, fencesFromWire, orderFromWire, orderPatchFromWire, requestKey } from './wire.js';

const done = <R>(result: R): EngineAnswer<R> => ({ outcome: 'done', result });
const refuse = (rejection: Rejection): { outcome: 'rejected'; rejection: Rejection } => ({ outcome: 'rejected', rejection });
const view = (o: Parameters<typeof orderView>[0]) => orderView(o) as unknown as OrderJson;

/** A market's margin setting on the account as REST shows it. */
export function marginSettingView(book: Book, m: MarketSpec): MarginSettingJson {
  const s = settingOf(book, m);
  return { market: m.id, leverage: s.leverage, margin_mode: s.mode, max_leverage: m.maxLeverage, leverage_source: s.source, locked: marginLocked(book, m.id) };
}

/**
 * Runs one command on the environment's engine in the transaction tx: the checks that need the store (an order
 * that ended is only there), then one engine call whose changes the host writes in tx.
 */
export async function runCommand(host: EngineHost, clock: Clock, env: Environment, cmd: EngineCommand, tx: Tx): Promise<EngineAnswer<ResultOf<EngineCommand>>> {
  const now = () => clock.now();
  switch (cmd.kind) {
    case 'place': {
      const conflict = await clientIdConflict(env, cmd, tx);
      if (conflict) return refuse(conflict);
      const r = await host.command(env, cmd.account_id, (e) => e.place(placeRequest(cmd, now())), tx);
      return r.ok ? done({ order: view(r.value) }) : refuse(r.rejection);
    }
    case 'record_unconfirmed': {
      const conflict = await clientIdConflict(env, cmd.place, tx);
      if (conflict) return refuse(conflict);
      const shell = await host.command(env, cmd.place.account_id, (e) => e.unconfirmed(placeRequest(cmd.place, now())), tx);
      return done({ order_id: shell.id });
    }
    case 'settle_unconfirmed': {
      const row = await tx.getOrder(cmd.order_id);
      // Settled once: a second settlement (or an order that is gone) changes nothing.
      if (!row || row.status !== 'unconfirmed') return done({ order_id: cmd.order_id });
      const shell = orderFromData(row.data);
      await host.command(env, cmd.place.account_id, (e) => (cmd.received ? e.settleLate(shell, placeRequest(cmd.place, now())) : e.settleLost(shell, now())), tx);
      return done({ order_id: cmd.order_id });
    }
    case 'cancel': {
      const row = await tx.getOrder(cmd.order_id);
      if (!row || row.account_id !== cmd.account_id) return refuse({ code: 'order_not_found', details: { order_id: cmd.order_id } });
      if (cmd.markets && !cmd.markets.includes(row.market)) return refuse({ code: 'key_market_not_allowed', details: { markets: cmd.markets } });
      const order = await host.command(
        env,
        cmd.account_id,
        (e) => {
          const o = e.order(cmd.order_id);
          if (!o || o.status !== 'working') return undefined;
          e.cancel(o, cmd.reason, now());
          return o;
        },
        tx,
      );
      if (!order) return refuse({ code: 'order_not_working', details: { order_id: row.id, status: orderFromData(row.data).status } });
      return done({ order: view(order) });
    }
    case 'cancel_all': {
      const n = await host.command(env, cmd.account_id, (e) => e.cancelAll(cmd.account_id, cmd.market, cmd.markets, 'cancel_all', now()), tx);
      return done({ account_id: cmd.account_id, market: cmd.market, canceled_count: n });
    }
    case 'set_rule': {
      // The stored rule and its version, and the engine's book, change in one transaction; the event says so.
      await tx.updateAccount(cmd.account_id, { rule: cmd.rule, rule_version: cmd.to_version }, now());
      const moved = await host.command(env, cmd.account_id, (e) => e.setRule(cmd.account_id, cmd.rule, { from: cmd.from_version, to: cmd.to_version }, now()), tx);
      if (!moved) return refuse({ code: 'account_not_found', details: { account_id: cmd.account_id } });
      return done({ account_id: cmd.account_id });
    }
    case 'record_alert': {
      const noted = await host.command(env, cmd.account_id, (e) => e.noteAlert(cmd.account_id, cmd.alert, now()), tx);
      if (!noted) return refuse({ code: 'account_not_found', details: { account_id: cmd.account_id } });
      return done({ account_id: cmd.account_id });
    }
    case 'arm_dead_man': {
      const firesAt = await host.command(env, cmd.account_id, (e) => e.armDeadMan(cmd.account_id, cmd.timeout_ms, now()), tx);
      if (firesAt === undefined) return refuse({ code: 'account_not_found', details: { account_id: cmd.account_id } });
      return done({ armed: firesAt !== null, fires_at: firesAt });
    }
    case 'edit': {
      const row = await tx.getOrder(cmd.order_id);
      if (!row || row.account_id !== cmd.account_id) return refuse({ code: 'order_not_found', details: { order_id: cmd.order_id } });
      const markets = cmd.actor.fences?.markets ?? null;
      if (markets && !markets.includes(row.market)) return refuse({ code: 'key_market_not_allowed', details: { markets } });
      const patch = { ...orderPatchFromWire(cmd.fields), ...(cmd.exits !== undefined ? { exits: exitPatchFromWire(cmd.exits) } : {}) };
      const fences = cmd.actor.fences ? fencesFromWire(cmd.actor.fences) : null;
      const r = await host.command(env, cmd.account_id, (e) => e.edit(cmd.account_id, cmd.order_id, patch, fences, now()), tx);
      if (r.ok) return done({ order: view(r.value) });
      // The engine holds working orders only: one it does not know has ended (the store says how).
      if (r.rejection.code === 'order_not_found') return refuse({ code: 'order_not_working', details: { order_id: row.id, status: row.status } });
      return refuse(r.rejection);
    }
    case 'close_position': {
      const r = await host.command(env, cmd.account_id, (e) => e.closePosition(cmd.account_id, cmd.market, 'user', now(), 'api', requestKey(cmd.actor)), tx);
      return r.ok ? done({ order: view(r.value) }) : refuse(r.rejection);
    }
    case 'close_all': {
      const markets = cmd.actor.fences?.markets ?? null;
      const r = await host.command(env, cmd.account_id, (e) => closeAll(e, cmd.account_id, markets, now(), requestKey(cmd.actor)), tx);
      return done({ account_id: cmd.account_id, ...r });
    }
    case 'set_exits': {
      const spec = exitsFromWire(cmd.exits) ?? { takeProfit: null, stopLoss: null, breakEven: null };
      // The engine finds the position, judges the exits (the same rule as exits placed with an order) and places them.
      const r = await host.command(env, cmd.account_id, (e) => e.setExits(cmd.account_id, cmd.market, spec, now(), requestKey(cmd.actor)), tx);
      return r.ok ? done({ position: host.positionData(env, r.value) }) : refuse(r.rejection);
    }
    case 'set_margin': {
      const r = await host.command(env, cmd.account_id, (e) => e.setMargin(cmd.account_id, cmd.market, cmd.leverage, cmd.margin_mode), tx);
      if (!r.ok) return refuse(r.rejection);
      const book = host.engine(env, cmd.account_id).books.get(cmd.account_id)!;
      return done({ setting: marginSettingView(book, host.specs.get(cmd.market)!) });
    }
    case 'adjust_margin': {
      const r = await host.command(env, cmd.account_id, (e) => e.adjustMargin(cmd.account_id, cmd.market, dec(cmd.amount), now()), tx);
      return r.ok ? done({ position: host.positionData(env, r.value) }) : refuse(r.rejection);
    }
    case 'restart':
      await host.restart(env, tx);
      return done({});
  }
  // A message from another process may name a command this build does not know: refused before the engine acts.
  throw new Error(`unknown engine command ${(cmd as { kind: string }).kind}`);
}

function placeRequest(cmd: PlaceCommand, now: number): PlaceRequest {
  return { accountId: cmd.account_id, order: orderFromWire(cmd.order), exits: cmd.exits ? exitsFromWire(cmd.exits) : null, actor: actorFromWire(cmd.actor), now };
}

/** A client_order_id is the customer's, in one environment: taken by any stored order of theirs, it is refused. */
async function clientIdConflict(env: Environment, cmd: PlaceCommand, tx: Tx): Promise<Rejection | null> {
  const id = cmd.order.client_order_id;
  if (!id) return null;
  const account = await tx.getAccount(cmd.account_id);
  if (!account) return null;
  const holder = await tx.findOrderByClientId(account.customer_id, env, id);
  return holder ? { code: 'client_order_id_conflict', details: { order_id: holder.id, client_order_id: id } } : null;
}
