import type { LiveFigures } from '../engine/account-view.js';
import type { Clock } from '../engine/clock.js';
import { fmt } from '../engine/decimal.js';
import type { Environment } from '../schemas/common.js';
import type { EngineHost } from './host.js';
import type { AccountRecord, Reads, Store, Tx } from '../store/port.js';
import { marginSettingView, runCommand } from './commands.js';
import type { EngineAnswer, EngineCommand, EnginePort, EngineQuery, ExecuteOptions, FiguresJson, QueryAnswer, QueryResultOf, ResultOf } from './port.js';
import { preview } from './preview.js';

/** Commands that act for an account the caller found tradable: its book is made sure of first. */
const NEEDS_BOOK = new Set<EngineCommand['kind']>(['place', 'record_unconfirmed', 'edit', 'close_position', 'close_all', 'set_exits', 'set_margin', 'adjust_margin', 'arm_dead_man', 'set_rule', 'record_alert']);

/**
 * The engine-host port served in this process by the EngineHost: each command runs in one store transaction
 * (the caller's when given), so the engine's change, its events and the caller's Idempotency-Key record commit
 * together. The engine answers at once here, so there is never a timeout and always room.
 */
export class InProcessEngine implements EnginePort {
  constructor(
    private readonly host: EngineHost,
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  admit(): Promise<void> {
    return Promise.resolve();
  }

  isUp(): boolean {
    return true;
  }

  async execute<C extends EngineCommand>(env: Environment, cmd: C, opts: ExecuteOptions): Promise<EngineAnswer<ResultOf<C>>> {
    const account = 'account_id' in cmd ? cmd.account_id : cmd.kind === 'record_unconfirmed' || cmd.kind === 'settle_unconfirmed' ? cmd.place.account_id : null;
    if (account !== null) await this.host.know(account);
    const run = async (tx: Tx) => {
      if ('account_id' in cmd && NEEDS_BOOK.has(cmd.kind) && !this.host.hasBook(env, cmd.account_id)) await this.ensureBook(env, cmd.account_id, tx);
      return runCommand(this.host, this.clock, env, cmd, tx) as Promise<EngineAnswer<ResultOf<C>>>;
    };
    return opts.tx ? run(opts.tx) : this.store.transaction(run);
  }

  async query<Q extends EngineQuery>(env: Environment, q: Q): Promise<QueryAnswer<QueryResultOf<Q>>> {
    if (typeof (q as { account_id?: unknown }).account_id === 'string') await this.host.know(q.account_id);
    const done = (result: unknown) => ({ outcome: 'done', result }) as QueryAnswer<QueryResultOf<Q>>;
    switch (q.kind) {
      case 'preview': {
        const account = await this.ensureBook(env, q.account_id, this.store);
        const engine = this.host.engine(env, q.account_id);
        const book = engine.books.get(q.account_id)!;
        const r = preview(engine, book, account, this.host.specs.get(q.order.market)!, q.order, q.exits ?? null, q.fences, this.clock.now());
        return r.ok ? done(r.value) : { outcome: 'rejected', rejection: r.rejection };
      }
      case 'position': {
        const p = this.host.engine(env, q.account_id).books.get(q.account_id)?.positions.get(q.market);
        return done({ position: p ? this.host.positionData(env, p) : null });
      }
      case 'positions': {
        const book = this.host.engine(env, q.account_id).books.get(q.account_id);
        const positions = book ? [...book.positions.values()].sort((a, b) => a.market.localeCompare(b.market)) : [];
        return done({ positions: positions.map((p) => this.host.positionData(env, p)) });
      }
      case 'margin_settings': {
        await this.ensureBook(env, q.account_id, this.store);
        const book = this.host.engine(env, q.account_id).books.get(q.account_id)!;
        return done({ settings: [...this.host.specs.values()].map((m) => marginSettingView(book, m)) });
      }
      case 'figures': {
        // As for a read on this node (src/services/account-views.ts json): never figures a write in flight changed.
        await this.host.quiet(q.account_id);
        const account = await this.store.getAccount(q.account_id);
        const f = account ? this.liveFigures(account) : {};
        const figures: FiguresJson = {};
        for (const [k, v] of Object.entries(f)) figures[k] = typeof v === 'bigint' ? fmt(v) : v;
        return done({ figures });
      }
    }
    throw new Error(`unknown engine query ${(q as { kind: string }).kind}`);
  }

  /**
   * The engine's figures of an account as they stand (sync: account views are rendered in this process). A read
   * changes nothing: the view counts the equity now toward the day's peak for its answer only; the engine takes
   * peaks on the ticks, fills and rollovers it processes.
   */
  liveFigures(record: AccountRecord): Partial<LiveFigures> {
    this.host.learn(record);
    if (!this.host.holds(record.environment, record.id)) return {};
    const engine = this.host.engine(record.environment, record.id);
    const book = engine.books.get(record.id);
    if (!book) return {};
    const f = engine.figures(book);
    const r = engine.ruleState(book);
    return {
      unrealized_pnl: f.unrealizedPnl,
      margin_used: f.marginUsed,
      ...(r
        ? {
            day_start_balance: r.dayStartBalance,
            day_start_equity: r.dayStartEquity,
            peak_balance: r.peakBalance,
            peak_equity: r.peakEquity,
            drawdown_reference: r.drawdownReference,
            trading_days: r.tradingDays,
            last_trade_at: r.lastTradeAt,
            ...(r.bestDayProfit !== undefined ? { best_day_profit: r.bestDayProfit } : {}),
            ...(r.profitableDays !== undefined ? { profitable_days: r.profitableDays } : {}),
            idle_days: r.idleDays,
            ...(r.windowStartBalance !== undefined ? { window_start_balance: r.windowStartBalance } : {}),
            ...(r.soft?.daily_loss ? { soft_daily_loss_since: r.soft.daily_loss.since, soft_daily_loss_count: r.soft.daily_loss.count } : {}),
            ...(r.soft?.drawdown ? { soft_drawdown_since: r.soft.drawdown.since, soft_drawdown_count: r.soft.drawdown.count } : {}),
          }
        : {}),
    };
  }

  /** An account opened since the engine loaded gets its book (from the stored record) before it trades. */
  private async ensureBook(env: Environment, accountId: string, reads: Reads): Promise<AccountRecord> {
    const account = (await reads.getAccount(accountId))!;
    this.host.ensureBook(account);
    return account;
  }
}
