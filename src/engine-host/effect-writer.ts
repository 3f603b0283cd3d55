import type { Clock } from '../engine/clock.js';
import type { Effects, Engine } from '../engine/engine.js';
import type { EngineEvent, Position } from '../engine/state.js';
import type { MarketSpec, Quote } from '../engine/types.js';
import type { Environment } from '../schemas/common.js';
import type { EventRow, Tx } from '../store/port.js';
import { eventView, positionView } from '../views/trading-views.js';
import { writeEffects } from './effects.js';
import type { OpenOrders } from './open-orders.js';
import type { Partition } from './partition-set.js';

/** An event's id is this prefix and its seq padded to 12 digits. */
const eventIdPrefix = (env: Environment) => `evt_${env === 'live' ? 'live' : 'test'}_`;
/** The customers whose accounts an engine holds. */
export const customersOf = (engine: Engine): string[] => [...new Set([...engine.books.values()].map((b) => b.customerId))];

/**
 * Writes what a partition's engine changed, in the transaction it changed it in: the rows (effects.ts), the JSON of
 * the open-order lists served from memory, and the events, numbered per customer by the partition's counters and
 * rendered as the log keeps them.
 */
export class EffectWriter {
  constructor(
    private readonly specs: ReadonlyMap<string, MarketSpec>,
    private readonly clock: Clock,
    /** The price an environment's engines act on. */
    private readonly quote: (market: string, environment: Environment) => Quote | undefined,
    private readonly openOrders: OpenOrders,
  ) {}

  async write(part: Partition, tx: Tx, fx: Effects): Promise<void> {
    for (const o of fx.orders.values()) {
      const book = part.engine.books.get(o.accountId);
      if (book) this.openOrders.stored(book, o);
    }
    await writeEffects(fx, part.environment, tx, this.clock.now());
    if (fx.events.length > 0) await tx.insertEvents(await this.eventRows(part, tx, fx.events));
  }

  /**
   * Reads the customers' event counters into the partition's (through its fenced transaction, so what it reads is
   * what every earlier owner committed): a counter only grows.
   */
  async countEvents(part: Partition, tx: Tx, customers: readonly string[]): Promise<void> {
    if (customers.length === 0) return;
    for (const [id, c] of await tx.eventCounters(part.environment, customers)) {
      const known = part.events.get(id);
      part.events.set(id, known ? { number: c.number, last: Math.max(known.last, c.last) } : c);
    }
  }

  /**
   * The restart transition's cancellations, in the store: every open order of an account the partition holds is
   * canceled `system_restart` with the same data and the same order.canceled event the engine's cancel gives,
   * oldest first, by the database (none is loaded). Answers how many each account had.
   */
  async cancelStoredOrders(part: Partition, tx: Tx, now: number): Promise<Map<string, number>> {
    const env = part.environment;
    const accounts = [...part.engine.books.keys()];
    const counts = await tx.cancelOpenOrders({ environment: env, accounts, reason: 'system_restart', now, eventIdPrefix: eventIdPrefix(env) });
    // Their events were numbered in the store after each customer's last: the counters go on after those.
    if (counts.size > 0) await this.countEvents(part, tx, customersOf(part.engine));
    return counts;
  }

  /** A position as REST shows it, with its exits from the engine that holds it. */
  positionData(engine: Engine, env: Environment, p: Position) {
    const m = this.specs.get(p.market)!;
    const book = engine.books.get(p.accountId);
    const mark = this.quote(p.market, env)?.last ?? p.entryPrice;
    const f = book ? engine.figures(book) : undefined;
    const cushion = p.marginMode === 'isolated' || !f ? p.margin : f.available;
    return positionView(p, mark, m, cushion, p.takeProfitId ? engine.order(p.takeProfitId) : undefined, p.stopLossId ? engine.order(p.stopLossId) : undefined);
  }

  /**
   * Engine events numbered and rendered as the log stores them: each after its customer's last (the partition's
   * counter), with an id that carries the customer's number and the seq (`evt_live_1001_000000000042`).
   */
  private async eventRows(part: Partition, tx: Tx, events: readonly EngineEvent[]): Promise<EventRow[]> {
    const env = part.environment;
    const customerOf = (e: EngineEvent): string => {
      const customer = part.engine.books.get(e.accountId)?.customerId;
      if (customer === undefined) throw new Error(`an event of account ${e.accountId}, which the partition does not hold`);
      return customer;
    };
    const unknown = [...new Set(events.map(customerOf))].filter((c) => !part.events.has(c));
    await this.countEvents(part, tx, unknown);
    return events.map((e) => {
      const customer = customerOf(e);
      const counter = part.events.get(customer);
      if (!counter) throw new Error(`customer ${customer} is not in the store`);
      const seq = ++counter.last;
      const id = `${eventIdPrefix(env)}${counter.number}_${String(seq).padStart(12, '0')}`;
      const view = eventView(e, id, (p) => this.positionData(part.engine, env, p));
      return { seq, id, environment: env, account_id: e.accountId, customer_id: customer, type: e.type, created_at: e.at, data: JSON.stringify(view) };
    });
  }
}
