import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MarketConfig } from '../config/markets.js';
import type { Clock } from '../engine/clock.js';
import { dec, type Dec, ZERO } from '../engine/decimal.js';
import type { ActorWire, EngineCommand, EnginePort } from '../engine-host/port.js';
import { ApiError } from '../errors/api-error.js';
import type { Environment } from '../schemas/common.js';
import { newId, randomBase62 } from '../kernel/ids.js';
import type { QuoteBook } from '../feed/quotes.js';
import { hashSecret } from '../services/credentials.js';
import type { CodePurpose } from '../services/people/email-codes.js';
import type { AlertResult, AlertRow, SignalRecord, Store, Tx, UserRecord } from '../store/port.js';
import { type Alert, AlertError, readAlert } from './alert.js';
import { planFor } from './plan.js';
import { marketOf } from './tickers.js';

/** How long an alert's id (or time) keeps a repeat out; an alert with neither is a repeat of the same body within BODY_WINDOW_MS. */
export const DEDUP_WINDOW_MS = 24 * 3_600_000;
export const BODY_WINDOW_MS = 10_000;
/** An alert's largest body: TradingView's messages are far smaller. */
export const ALERT_MAX_BYTES = 8_192;
/** Per signal and node: this many alerts at once, then REFILL_PER_S a second. */
export const ALERT_BURST = 120;
export const ALERT_REFILL_PER_S = 2;
/** A node that stopped while working an alert: another takes it up after CLAIM_MS, but places nothing once the alert is older than STALE_MS. */
const CLAIM_MS = 30_000;
const STALE_MS = 60_000;
const SWEEP_MS = 5_000;

export interface NewSignal {
  name: string;
  accounts: { account_id: string; multiplier?: string | undefined }[];
  markets?: string[] | undefined;
  max_order_usd?: string | undefined;
  reduce_only?: boolean | undefined;
  no_hedging?: boolean | undefined;
  expires_at?: number | undefined;
  email_code?: string | undefined;
}

/** Who makes a signal: the customer, and the dashboard user behind the credential (live signals need their emailed code). */
export interface SignalMaker {
  customerId: string;
  environment: Environment;
  credentialId: string;
}

export interface SignalDeps {
  store: Store;
  clock: Clock;
  engine: EnginePort;
  markets: readonly MarketConfig[];
  quotes: (environment: Environment) => QuoteBook;
  publicUrl: Record<Environment, string>;
  /** Spends a user's newest code of the purpose (invalid_email_code otherwise). */
  useEmailCode: (user: UserRecord, purpose: CodePurpose, code: string) => Promise<void>;
  log: FastifyBaseLogger;
}

/** The request part of an alert row: what was read, or why it was refused. */
type AlertRequest = { alert: Alert; market: string | null } | { error: { code: string; message: string; field: string | null } };

/** A TradingView strategy message that fills every field Rampart reads from the strategy's placeholders. */
export const TRADINGVIEW_MESSAGE =
  '{"ticker": "{{ticker}}", "action": "{{strategy.order.action}}", "sentiment": "{{strategy.market_position}}", "quantity": "{{strategy.order.contracts}}", "price": "{{close}}", "order_type": "market", "id": "{{strategy.order.id}}-{{timenow}}"}';

/**
 * Signals (docs/SIGNALS.md): alert URLs TradingView or a bridge posts to, each fenced like a key and fanned out to
 * several accounts. An alert is stored (durably, with its de-duplication key) before its 202; the orders follow on
 * this node, each account judged by its own rules and the signal's fences; what each did is a row of the signal's
 * log and a signal.alert event of the account.
 */
export class SignalService {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly working = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly d: SignalDeps) {}

  start(): void {
    this.timer = setInterval(() => void this.sweep().catch((err: unknown) => this.d.log.warn({ err }, 'signal sweep failed')), SWEEP_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Work still running (tests and shutdown wait for it). */
  idle(): boolean {
    return this.working.size === 0;
  }

  // ——— The resource ———

  /** The accounts (yours, here, each once) and markets a signal names: checked before a live code is spent, and again when it is made. */
  async check(reads: Pick<Tx, 'getAccount'>, maker: SignalMaker, body: NewSignal): Promise<void> {
    const seen = new Set<string>();
    for (const a of body.accounts) {
      if (seen.has(a.account_id)) throw new ApiError('invalid_request', { message: `accounts names ${a.account_id} twice.`, details: { field: 'accounts', reason: 'duplicate' } });
      seen.add(a.account_id);
      const account = await reads.getAccount(a.account_id);
      if (!account || account.customer_id !== maker.customerId || account.environment !== maker.environment) {
        throw new ApiError('account_not_found', { details: { account_id: a.account_id } });
      }
    }
    for (const m of body.markets ?? []) if (!this.d.markets.some((x) => x.id === m)) throw new ApiError('market_not_found', { details: { market: m } });
  }

  async create(tx: Tx, maker: SignalMaker, body: NewSignal): Promise<{ record: SignalRecord; url: string }> {
    await this.check(tx, maker, body);
    const secret = `rsig_${randomBase62(32)}`;
    const record: SignalRecord = {
      id: newId('sig'),
      customer_id: maker.customerId,
      environment: maker.environment,
      name: body.name,
      secret_hash: hashSecret(secret),
      secret_hint: secret.slice(-4),
      accounts: body.accounts.map((a) => ({ account_id: a.account_id, multiplier: a.multiplier ?? '1' })),
      markets: body.markets ?? null,
      max_order_usd: body.max_order_usd ?? null,
      reduce_only: body.reduce_only ?? false,
      no_hedging: body.no_hedging ?? false,
      expires_at: body.expires_at ?? null,
      created_at: this.d.clock.now(),
      revoked_at: null,
      credential_id: maker.credentialId,
    };
    await tx.insertSignal(record);
    return { record, url: this.urlOf(maker.environment, secret) };
  }

  /**
   * A live signal trades real accounts from a URL anyone holding it can post to: it needs the newest live_signal
   * code emailed to the dashboard user behind the credential (a dashboard token's user; for a key, the customer's
   * user the code was sent to). Spent in its own transaction before the creating one (a wrong try must count even
   * though nothing is created), unless the Idempotency-Key already answered: a replay needs no second code.
   */
  async spendLiveCode(maker: SignalMaker, body: NewSignal, idempotencyKey: string): Promise<void> {
    if (maker.environment !== 'live') return;
    const code = body.email_code;
    // A typo in the accounts must not cost the code.
    await this.check(this.d.store, maker, body);
    if (await this.d.store.getIdempotency(`${maker.customerId}:${maker.environment}`, idempotencyKey)) return;
    if (code === undefined) throw new ApiError('email_code_required', { details: { purpose: 'live_signal' } });
    const store = this.d.store;
    const credential = await store.getCredential(maker.credentialId);
    const users = credential?.user_id ? [await store.getUser(credential.user_id)] : await store.usersOfCustomer(maker.customerId);
    let newest: { user: UserRecord; at: number } | undefined;
    for (const user of users) {
      if (!user) continue;
      const [c] = await store.listEmailCodes(user.id, 'live_signal', 1);
      if (c && (!newest || c.created_at > newest.at)) newest = { user, at: c.created_at };
    }
    if (!newest) throw new ApiError('invalid_email_code', { message: 'No live_signal code was sent: ask for one in the dashboard.', details: { reason: 'wrong' } });
    await this.d.useEmailCode(newest.user, 'live_signal', code);
  }

  urlOf(environment: Environment, secret: string): string {
    return `${this.d.publicUrl[environment].replace(/\/$/, '')}/v1/alerts/${secret}`;
  }

  async get(customerId: string, environment: Environment, id: string): Promise<SignalRecord> {
    const s = await this.d.store.getSignal(id);
    if (!s || s.customer_id !== customerId || s.environment !== environment) throw new ApiError('signal_not_found', { details: { signal_id: id } });
    return s;
  }

  async list(customerId: string, environment: Environment, after: string | undefined, limit: number): Promise<SignalRecord[]> {
    if (after !== undefined) {
      const s = await this.d.store.getSignal(after);
      if (!s || s.customer_id !== customerId || s.environment !== environment) throw new ApiError('invalid_cursor', { details: { after } });
    }
    return this.d.store.listSignals(customerId, environment, after, limit);
  }

  async revoke(customerId: string, environment: Environment, id: string): Promise<SignalRecord> {
    const s = await this.get(customerId, environment, id);
    if (s.revoked_at !== null) throw new ApiError('signal_not_found', { message: 'The signal was already revoked.', details: { signal_id: id } });
    const at = this.d.clock.now();
    await this.d.store.transaction((tx) => tx.revokeSignal(id, at));
    return { ...s, revoked_at: at };
  }

  async deliveries(customerId: string, environment: Environment, id: string, before: string | undefined, limit: number): Promise<AlertRow[]> {
    await this.get(customerId, environment, id);
    if (before !== undefined && (await this.d.store.getAlert(before))?.signal_id !== id) throw new ApiError('invalid_cursor', { details: { after: before } });
    return this.d.store.listAlerts(id, before, limit);
  }

  // ——— Alerts ———

  /**
   * An alert posted to a signal's URL: stored (with its de-duplication key) before the answer, then worked on this
   * node. A repeat within the window answers the first alert, as it is now. An alert that cannot be read is a
   * refused row of the log and a 400; nothing is placed.
   */
  async receive(secret: string, body: string): Promise<{ alert: AlertRow; duplicate: boolean }> {
    const signal = await this.d.store.signalBySecretHash(hashSecret(secret));
    const now = this.d.clock.now();
    if (!signal || signal.revoked_at !== null || !(await this.makerAlive(signal, now))) throw new ApiError('signal_not_found');
    if (signal.expires_at !== null && signal.expires_at <= now) throw new ApiError('signal_expired', { details: { signal_id: signal.id, expired_at: signal.expires_at } });
    this.spend(signal.id, now);
    if (Buffer.byteLength(body) > ALERT_MAX_BYTES) throw new ApiError('payload_too_large', { details: { max_bytes: ALERT_MAX_BYTES } });
    let request: AlertRequest;
    let failure: ApiError | undefined;
    try {
      const alert = readAlert(body);
      const market = alert.ticker === null ? null : marketOf(alert.ticker, this.d.markets.map((m) => m.id)) ?? null;
      if (alert.ticker !== null && market === null) throw new AlertError('ticker', 'unknown_market', `No market is meant by the ticker ${JSON.stringify(alert.ticker)} (markets: ${this.d.markets.map((m) => m.id).join(', ')}).`);
      request = { alert, market };
    } catch (err) {
      if (!(err instanceof AlertError)) throw err;
      failure = new ApiError('invalid_request', { message: err.message, details: { field: err.field, reason: err.reason } });
      request = { error: { code: failure.code, message: err.message, field: err.field } };
    }
    const key = 'alert' in request ? dedupKey(request.alert, body) : null;
    const row: AlertRow = {
      id: newId('alrt'),
      signal_id: signal.id,
      dedup_key: key?.key ?? null,
      received_at: now,
      status: failure ? 'refused' : 'pending',
      request: JSON.stringify(request),
      results: failure ? [] : null,
      finished_at: failure ? now : null,
    };
    const first = await this.d.store.transaction(async (tx) => {
      if (await tx.insertAlert(row)) return undefined;
      const prior = (await tx.alertByDedupKey(signal.id, row.dedup_key!))!;
      if (prior.received_at + key!.windowMs > now) return prior;
      // Past the window: the old alert keeps its row, the key is the new one's.
      await tx.releaseDedupKey(prior.id);
      await tx.insertAlert(row);
      return undefined;
    });
    if (failure) throw failure;
    if (first) return { alert: first, duplicate: true };
    this.work(row.id);
    return { alert: row, duplicate: false };
  }

  /**
   * A signal lives no longer than the key or app token that made it: a stolen key revoked takes the URLs it made with
   * it. The dashboard's own tokens last an hour and end at sign-out by design: a signal made in the dashboard is the
   * user's and stays until revoked.
   */
  private async makerAlive(signal: SignalRecord, now: number): Promise<boolean> {
    if (signal.credential_id === null) return true;
    const c = await this.d.store.getCredential(signal.credential_id);
    if (!c) return false;
    if (c.origin === 'platform') return true;
    return c.revoked_at === null && (c.expires_at === null || c.expires_at > now);
  }

  /** The signal's alert budget on this node: ALERT_BURST at once, then ALERT_REFILL_PER_S a second. */
  private spend(signalId: string, now: number): void {
    const b = this.buckets.get(signalId) ?? { tokens: ALERT_BURST, at: now };
    b.tokens = Math.min(ALERT_BURST, b.tokens + ((now - b.at) / 1000) * ALERT_REFILL_PER_S);
    b.at = now;
    this.buckets.set(signalId, b);
    if (b.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - b.tokens) / ALERT_REFILL_PER_S));
      throw new ApiError('rate_limited', { message: 'The signal is sent more alerts than it takes: at most 120 at once, then 2 a second.', details: { scope: 'signal', limit: ALERT_BURST }, retryAfter });
    }
    b.tokens -= 1;
  }

  /** Works an alert in the background (its answer is already out). */
  private work(alertId: string): void {
    this.working.add(alertId);
    void this.run(alertId)
      .catch((err: unknown) => this.d.log.error({ err, alert_id: alertId }, 'signal alert failed'))
      .finally(() => this.working.delete(alertId));
  }

  /** Alerts a stopped node left pending: taken up once their claim lapsed. */
  async sweep(): Promise<void> {
    const now = this.d.clock.now();
    for (const a of await this.d.store.pendingAlerts(now - CLAIM_MS, 20)) if (!this.working.has(a.id)) this.work(a.id);
  }

  private async run(alertId: string): Promise<void> {
    const now = this.d.clock.now();
    const claimed = await this.d.store.transaction((tx) => tx.claimAlert(alertId, now, now + CLAIM_MS));
    if (!claimed) return;
    const row = (await this.d.store.getAlert(alertId))!;
    const signal = (await this.d.store.getSignal(row.signal_id))!;
    const request = JSON.parse(row.request) as AlertRequest;
    if (!('alert' in request)) return;
    const stale = now - row.received_at > STALE_MS;
    const results = await Promise.all(signal.accounts.map((a, i) => this.onAccount(signal, row, request.alert, request.market, a, i, stale)));
    await this.d.store.transaction((tx) => tx.finishAlert(alertId, 'done', results, this.d.clock.now()));
    await Promise.all(
      results.map((r) =>
        this.execute(signal.environment, {
          kind: 'record_alert',
          account_id: r.account_id,
          alert: { signal_id: signal.id, alert_id: row.id, action: request.alert.action, market: request.market, ...r, account_id: undefined },
        }).catch(() => undefined),
      ),
    );
  }

  private async execute(env: Environment, cmd: EngineCommand): Promise<Record<string, unknown>> {
    const a = await this.d.engine.execute(env, cmd, { timeoutMs: 5_000 });
    if (a.outcome === 'rejected') throw new ApiError(a.rejection.code as never, { ...(a.rejection.message ? { message: a.rejection.message } : {}), ...(a.rejection.details ? { details: a.rejection.details } : {}) });
    if (a.outcome === 'timeout') return { order_id: a.order_id };
    return a.result as Record<string, unknown>;
  }

  /** One account's share of the alert; a refusal is its result, never the others'. */
  private async onAccount(
    signal: SignalRecord,
    row: AlertRow,
    alert: Alert,
    market: string | null,
    target: { account_id: string; multiplier: string },
    index: number,
    stale: boolean,
  ): Promise<AlertResult> {
    const result = (outcome: AlertResult['outcome'], extra: Partial<AlertResult> = {}): AlertResult => ({
      account_id: target.account_id,
      outcome,
      order_id: null,
      code: null,
      message: null,
      ...extra,
    });
    const env = signal.environment;
    const clientOrderId = `${row.id}.${index}`;
    try {
      // Taken up again after a node stopped: an order it placed stands, and an old alert places nothing more.
      const placed = await this.d.store.findOrderByClientId(signal.customer_id, env, clientOrderId);
      if (placed) return result('placed', { order_id: placed.id });
      if (stale) return result('refused', { code: 'order_rejected', message: 'The node working this alert stopped, and it was over a minute old when taken up again: nothing was placed.' });
      const account = await this.d.store.getAccount(target.account_id);
      if (!account || account.customer_id !== signal.customer_id || account.environment !== env) throw new ApiError('account_not_found', { details: { account_id: target.account_id } });
      if (account.status === 'pending') throw new ApiError('account_not_ready', { details: { account_id: account.id } });
      if (account.status !== 'active') throw new ApiError('account_not_tradable', { details: { account_id: account.id, status: account.status, reason: account.status_reason ?? account.status } });
      const spec = market ? this.d.markets.find((m) => m.id === market)! : undefined;
      const position = market ? await this.positionSize(env, account.id, market) : ZERO;
      const balance = alert.risk_percent !== null ? await this.balanceOf(env, account.id) : ZERO;
      const q = market ? this.d.quotes(env).get(market) : undefined;
      const plan = planFor({
        alert,
        market,
        sizeStep: spec ? dec(spec.size_step) : ZERO,
        tickSize: spec ? dec(spec.tick_size) : ZERO,
        multiplier: dec(target.multiplier),
        position,
        quote: q ? { bid: q.bid, ask: q.ask } : null,
        balance,
        clientOrderId,
      });
      const actor: ActorWire = {
        key_id: null,
        fences: { markets: signal.markets, reduce_only: signal.reduce_only, max_order_usd: signal.max_order_usd, max_position_usd: null, loss_stop_usd: null },
        origin: 'tradingview',
      };
      switch (plan.kind) {
        case 'nothing':
          return result('nothing', { message: plan.message });
        case 'refuse':
          return result('refused', { code: plan.code, message: plan.message });
        case 'cancel': {
          const r = await this.execute(env, { kind: 'cancel_all', account_id: account.id, market: plan.market, markets: signal.markets });
          return result('canceled', { message: `${String(r.canceled_count)} order(s) canceled.` });
        }
        case 'close': {
          const r = await this.execute(env, { kind: 'close_position', account_id: account.id, market: plan.market, actor });
          return result('placed', { order_id: (r.order as { id: string }).id });
        }
        case 'order': {
          if (signal.no_hedging && !plan.order.reduce_only) await this.assertNoHedge(signal, account.id, plan.order.market, plan.order.side, position);
          const r = await this.execute(env, { kind: 'place', account_id: account.id, order: plan.order, exits: plan.exits, actor });
          return result('placed', { order_id: (r.order as { id: string } | undefined)?.id ?? (r.order_id as string) });
        }
      }
    } catch (err) {
      if (err instanceof ApiError) {
        // A rule's refusal names the rule (details.reason): the log says which. The signal's fences are judged as a
        // key's, and say so as the signal's.
        const reason = typeof err.details?.reason === 'string' ? err.details.reason : undefined;
        const said = err.code.startsWith('key_') ? err.message.replaceAll("key's", "signal's").replaceAll('The key', 'The signal') : err.message;
        return result('refused', { code: err.code, message: reason && !said.includes(reason) ? `${said} (reason: ${reason})` : said });
      }
      this.d.log.error({ err, alert_id: row.id, account_id: target.account_id }, 'signal alert failed on an account');
      return result('refused', { code: 'internal_error', message: 'The alert could not be worked on this account.' });
    }
  }

  private async positionSize(env: Environment, accountId: string, market: string): Promise<Dec> {
    const a = await this.d.engine.query(env, { kind: 'position', account_id: accountId, market });
    if (a.outcome === 'rejected') throw new ApiError(a.rejection.code as never, { ...(a.rejection.details ? { details: a.rejection.details } : {}) });
    const p = a.result.position;
    if (!p) return ZERO;
    const size = dec(p.size as string);
    return (p.side === 'short' ? -size : size) as Dec;
  }

  private async balanceOf(env: Environment, accountId: string): Promise<Dec> {
    const a = await this.d.engine.query(env, { kind: 'figures', account_id: accountId });
    if (a.outcome === 'rejected') throw new ApiError(a.rejection.code as never);
    return dec(String(a.result.figures.balance ?? '0'));
  }

  /**
   * No hedging between the customer's accounts: an opening order refused when another of their accounts in the
   * environment holds the opposite position in the market (the account's own position nets, it is no hedge).
   */
  private async assertNoHedge(signal: SignalRecord, accountId: string, market: string, side: 'buy' | 'sell', own: Dec): Promise<void> {
    if ((side === 'buy' && own < 0n) || (side === 'sell' && own > 0n)) return;
    const accounts = await this.d.store.listAccounts({ customerId: signal.customer_id, environment: signal.environment, limit: 200 });
    const others = accounts.filter((a) => a.id !== accountId && a.status === 'active');
    // Asked all at once: the accounts may sit in several partitions, on several nodes.
    const sizes = await Promise.all(others.map((a) => this.positionSize(signal.environment, a.id, market)));
    for (const [i, other] of others.entries()) {
      const size = sizes[i]!;
      if ((side === 'buy' && size < 0n) || (side === 'sell' && size > 0n)) {
        throw new ApiError('order_rejected', {
          message: `No hedging between your accounts: ${other.id} holds a ${size < 0n ? 'short' : 'long'} ${market} position.`,
          details: { reason: 'no_hedging', account_id: other.id, market },
        });
      }
    }
  }
}

/** What keeps a repeat out: the alert's id; else its time with what it asks; else the same body for a few seconds. */
function dedupKey(alert: Alert, body: string): { key: string; windowMs: number } {
  if (alert.id !== null) return { key: `id:${alert.id}`, windowMs: DEDUP_WINDOW_MS };
  if (alert.time !== null) return { key: `time:${alert.time}:${alert.action}:${alert.ticker ?? ''}`, windowMs: DEDUP_WINDOW_MS };
  return { key: `body:${createHash('sha256').update(body.trim()).digest('hex')}`, windowMs: BODY_WINDOW_MS };
}
