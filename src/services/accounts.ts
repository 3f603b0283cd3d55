import type { Config } from '../config/config.js';
import { accountView, startingFigures, type AccountView, type LiveFigures } from '../engine/account-view.js';
import type { Clock } from '../engine/clock.js';
import { calendarOf, type TradingCalendar } from '../engine/trading-day.js';
import { ApiError } from '../errors/api-error.js';
import type { Environment, Product } from '../schemas/common.js';
import type { AccountRecord, CustomerRecord, Store, Tx } from '../store/port.js';

/** Opening, reading and listing accounts. Pending accounts are activated by the AccountOpener. */
export class AccountService {
  constructor(
    private readonly config: Config,
    private readonly store: Pick<Store, 'getAccount' | 'transaction'>,
    private readonly clock: Clock,
    private readonly calendar: TradingCalendar,
    /** The rulebook version new accounts of a product are opened on. */
    private readonly ruleVersion: (product: string) => number,
    /** The engine's live figures for an account, from this process's engine host (none: the CLI, no engine). */
    private readonly liveFigures: (record: AccountRecord) => Partial<LiveFigures> = () => ({}),
  ) {}

  /** Each stored record's JSON with what it was made from (json()). */
  private readonly jsonCache = new WeakMap<AccountRecord, { figures: Partial<LiveFigures>; parked: boolean; day: number; json: string }>();

  product(id: string): Product | undefined {
    return this.config.products.find((p) => p.id === id);
  }

  requireProduct(id: string): Product {
    const p = this.product(id);
    if (!p) {
      throw new ApiError('invalid_request', {
        message: `unknown product "${id}"; GET /v1/products lists them`,
        details: { field: 'product', products: this.config.products.map((x) => x.id) },
      });
    }
    return p;
  }

  get sandboxLimit(): number {
    return this.config.limits.sandbox_accounts_per_customer;
  }

  /** Opens a sandbox account inside the caller's transaction; refuses past the lifetime limit. */
  async openSandbox(tx: Tx, customer: CustomerRecord, productId?: string): Promise<AccountRecord> {
    const product = this.requireProduct(productId ?? this.config.limits.sandbox_default_product);
    const used = await tx.countAccounts(customer.id, 'sandbox');
    if (used >= this.sandboxLimit) {
      throw new ApiError('sandbox_limit_reached', { details: { limit: this.sandboxLimit, used } });
    }
    const n = await tx.nextSequence(`sandbox_account:${customer.id}`, 1);
    const record = this.newRecord(`SANDBOX-${customer.number}-${n}`, customer, 'sandbox', product, 'sandbox');
    await tx.insertAccount(record);
    return record;
  }

  /** A live account bought as a product (operator). */
  async openLive(customer: CustomerRecord, productId: string): Promise<AccountRecord> {
    const product = this.requireProduct(productId);
    return this.store.transaction(async (tx) => {
      const n = await tx.nextSequence('live_account', 70000001);
      const record = this.newRecord(String(n), customer, 'live', product, product.stage);
      await tx.insertAccount(record);
      return record;
    });
  }

  private newRecord(id: string, customer: CustomerRecord, environment: Environment, product: Product, stage: AccountRecord['stage']): AccountRecord {
    const now = this.clock.now();
    return {
      id,
      customer_id: customer.id,
      environment,
      status: 'pending',
      stage,
      product: product.id,
      size: product.size,
      starting_balance: product.rule.starting_balance,
      balance: product.rule.starting_balance,
      rule: product.rule,
      rule_version: this.ruleVersion(product.id),
      status_reason: null,
      parked: false,
      paused_until: null,
      last_used_at: now,
      created_at: now,
      updated_at: now,
    };
  }

  /** The view with the engine's figures of this process, or those given (from the node that holds the account). */
  view(record: AccountRecord, figures?: Partial<LiveFigures>): AccountView {
    const now = this.clock.now();
    return this.render(record, figures ?? this.liveFigures(record), now, this.parked(record, now));
  }

  private render(record: AccountRecord, figures: Partial<LiveFigures>, now: number, parked: boolean): AccountView {
    return accountView({ ...record, parked }, { ...startingFigures(record), ...figures }, now, this.calendar);
  }

  /**
   * The view as JSON, made by `serialize` (the route's compiled Account serializer) with the engine's figures of
   * this process as they stand now. Kept per stored record (the store hands out one frozen object per version of
   * it) and made again whenever anything it shows differs: a figure, the calendar day, whether it is parked.
   */
  json(record: AccountRecord, serialize: (view: AccountView) => string): string {
    const figures = this.liveFigures(record);
    const now = this.clock.now();
    const parked = this.parked(record, now);
    // The day counts shown move with the rollovers, and calendar-day inactivity with each 24 hours since the last fill.
    const rollovers = calendarOf(record.rule, this.calendar).rolloversBetween(record.created_at, now);
    const idle = record.rule.inactivity_calendar_days ? Math.floor((now - (figures.last_trade_at ?? record.created_at)) / 86_400_000) : 0;
    const day = rollovers * 100_000 + idle;
    const hit = this.jsonCache.get(record);
    if (hit && hit.parked === parked && hit.day === day && sameFigures(hit.figures, figures)) return hit.json;
    const json = serialize(this.render(record, figures, now, parked));
    this.jsonCache.set(record, { figures, parked, day, json });
    return json;
  }

  private parked(record: AccountRecord, now: number): boolean {
    return record.environment === 'sandbox' && now - record.last_used_at >= this.config.limits.sandbox_park_after_ms;
  }

  /**
   * Using an account wakes it (a sandbox account unused for `sandbox_park_after_ms` shows parked). The time of
   * use is written at most once a minute per account, so reads stay reads.
   */
  private async touch(a: AccountRecord): Promise<AccountRecord> {
    const now = this.clock.now();
    if (now - a.last_used_at < 60_000) return a;
    await this.store.transaction((tx) => tx.updateAccount(a.id, { last_used_at: now }, now));
    return { ...a, last_used_at: now };
  }

  /** The account when the customer may see it in this environment; account_not_found otherwise. */
  async reachable(id: string, customerId: string, environment: Environment): Promise<AccountRecord> {
    const a = await this.store.getAccount(id);
    if (!a || a.customer_id !== customerId || a.environment !== environment) {
      throw new ApiError('account_not_found', { details: { account_id: id } });
    }
    return this.touch(a);
  }

  /** The account must be open on the engine (account_not_ready while it is being opened). */
  assertOpen(a: AccountRecord): void {
    if (a.status === 'pending') throw new ApiError('account_not_ready', { details: { account_id: a.id } });
  }

  /** For trading calls: the account must be open on the engine and tradable. */
  assertTradable(a: AccountRecord): void {
    this.assertOpen(a);
    if (a.status !== 'active') {
      throw new ApiError('account_not_tradable', { details: { account_id: a.id, status: a.status, reason: a.status_reason ?? a.status } });
    }
    if (a.paused_until !== null && a.paused_until > this.clock.now()) {
      throw new ApiError('account_paused', { details: { until: a.paused_until } });
    }
  }
}

/** Whether two sets of live figures are the same, figure by figure (decimals are bigints: compared by value). */
function sameFigures(a: Partial<LiveFigures>, b: Partial<LiveFigures>): boolean {
  const keys = Object.keys(a) as (keyof LiveFigures)[];
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) if (a[k] !== b[k]) return false;
  return true;
}
