import type { BatchPhase } from '../config/crash-point.js';
import type { Fence } from './fence.js';
import type { Environment, Rule, Stage } from '../schemas/common.js';
import type { OpenOrdersCancel } from './canceled-orders.js';

/** The storage port. Domain and HTTP code see only this; store/sqlite implements it (PostgreSQL later). */

export type Access = 'read' | 'trade';
export type AccountStatus = 'pending' | 'active' | 'passed' | 'failed' | 'closed' | 'suspended';

export interface CustomerRecord {
  id: string;
  number: number;
  name: string;
  api_enabled: boolean;
  created_at: number;
}

/** The fences a key or app token carries (SPEC Authentication 6). */
export interface Fences {
  markets: string[] | null;
  reduce_only: boolean;
  max_order_usd: string | null;
  max_position_usd: string | null;
  loss_stop_usd: string | null;
  ip_allowlist: string[];
}

export type CredentialKind = 'key' | 'token';
export type TokenKind = 'app' | 'assistant';

/**
 * An API key or an app access token: one record, one table. What tells them apart is what a new request checks
 * (a key is bound to an environment, a token to the API host it was issued for) and the codes it is refused with.
 */
export interface CredentialRecord extends Fences {
  kind: CredentialKind;
  id: string;
  customer_id: string;
  name: string;
  environment: Environment;
  access: Access;
  expires_at: number | null;
  revoked_at: number | null;
  created_at: number;
  last_used_at: number | null;
  prefix: string;
  /** Tokens only: an app's or an AI assistant's (SPEC Authentication 8); null for keys. */
  token_kind: TokenKind | null;
  /** Tokens only: the API host (resource) it was issued for; null for keys. */
  resource: string | null;
  /** 'platform' when made by the dashboard for its own calls (orders with it carry origin platform); null = API. */
  origin: 'platform' | null;
  /** The dashboard user who made it and the session it lasts no longer than (null for operator-made ones). */
  user_id: string | null;
  session_id: string | null;
}

/** A credential with the hash of its secret (the secret itself is never stored). */
export type StoredCredential = CredentialRecord & { hash: string };

export interface AccountRecord {
  id: string;
  customer_id: string;
  environment: Environment;
  status: AccountStatus;
  stage: Stage;
  product: string;
  size: string;
  starting_balance: string;
  balance: string;
  rule: Rule;
  status_reason: string | null;
  /** The engine's rule figures (JSON), null until the engine first judged the account. */
  rule_state?: string | null;
  parked: boolean;
  paused_until: number | null;
  /** When the dead-man switch fires (epoch ms); null or absent: not armed. */
  dead_man_fires_at?: number | null;
  /** The version of its product's rulebook the account is on (docs/RULES.md); null or absent: 1. */
  rule_version?: number | null;
  last_used_at: number;
  created_at: number;
  updated_at: number;
}

export interface IdempotencyRecord {
  scope: string;
  key: string;
  fingerprint: string;
  status: number;
  resource_kind: string | null;
  resource_id: string | null;
  body: string | null;
  created_at: number;
}

export interface MarketState {
  market: string;
  status: 'open' | 'closed' | 'halted';
  offered: boolean;
}

export interface EnvironmentState {
  environment: Environment;
  enabled: boolean;
  sandbox_opening: boolean;
}

export interface AccountPage {
  customerId: string;
  environment: Environment;
  /** Account id after which the page starts. */
  after?: string | undefined;
  limit: number;
}

/** An order as stored: the columns queries need, and the whole order as engine-serialized JSON. */
export interface OrderRow {
  id: string;
  seq: number;
  environment: Environment;
  account_id: string;
  customer_id: string;
  client_order_id: string | null;
  market: string;
  status: string;
  created_at: number;
  updated_at: number;
  data: string;
}

export interface OrderQuery {
  accountId: string;
  status?: string[] | undefined;
  market?: string | undefined;
  clientOrderId?: string | undefined;
  /** Order id after which the page starts (newest first). */
  after?: string | undefined;
  limit: number;
}

/**
 * An event of the log. `seq` is its place among its customer's events in its environment (docs/ARCHITECTURE.md,
 * "The event log"): numbered by the engine partition that holds the customer, so no two partitions share a counter
 * or a lock; every reader (a customer's list, an account's stream, an endpoint's deliveries) reads one customer's.
 */
export interface EventRow {
  seq: number;
  id: string;
  environment: Environment;
  account_id: string;
  customer_id: string;
  type: string;
  created_at: number;
  data: string;
}

/** An event as the log holds it (events written before customers numbered their own may lack the customer). */
export interface StoredEvent extends Omit<EventRow, 'customer_id'> {
  customer_id: string | null;
}

/** One customer's events in an environment, or one account's: the log has no order across customers. */
export type EventScope = { environment: Environment; customerId: string; accountId?: string | undefined } | { accountId: string };

export type EventQuery = EventScope & {
  /** Events after this seq, oldest first. */
  afterSeq: number;
  limit: number;
};

/** Where a customer's events stand in an environment: the number its event ids carry, and the last seq written. */
export interface EventCounter {
  number: number;
  last: number;
}

/** A signal: an alert URL and its fences (docs/SIGNALS.md). The URL's secret is kept as its SHA-256 only. */
export interface SignalRecord {
  id: string;
  customer_id: string;
  environment: Environment;
  name: string;
  secret_hash: string;
  /** The URL's last four characters, to tell URLs apart in a list. */
  secret_hint: string;
  accounts: { account_id: string; multiplier: string }[];
  markets: string[] | null;
  max_order_usd: string | null;
  reduce_only: boolean;
  no_hedging: boolean;
  expires_at: number | null;
  created_at: number;
  revoked_at: number | null;
  /** The key or token that made it (a revoked or expired key takes the URL with it; docs/SIGNALS.md). */
  credential_id: string | null;
}

/** What an alert did on one account of its signal. */
export interface AlertResult {
  account_id: string;
  outcome: 'placed' | 'refused' | 'canceled' | 'nothing';
  order_id: string | null;
  code: string | null;
  message: string | null;
}

/** An alert a signal received: pending until every account's order was tried, then done (or refused as a whole). */
export interface AlertRow {
  id: string;
  signal_id: string;
  dedup_key: string | null;
  received_at: number;
  status: 'pending' | 'done' | 'refused';
  /** JSON: the alert as read, or why it could not be read. */
  request: string;
  results: AlertResult[] | null;
  finished_at: number | null;
}

export interface WebhookRecord {
  id: string;
  customer_id: string;
  environment: Environment;
  url: string;
  types: string[] | null;
  account_id: string | null;
  /** The whsec_ signing secret sealed at rest (services/secrets: AES-256-GCM, the endpoint id as additional data). */
  secret: string;
  created_at: number;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface DeliveryRow {
  id: string;
  webhook_id: string;
  event_seq: number;
  event_id: string;
  event_type: string;
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: number | null;
  created_at: number;
  finished_at: number | null;
}

/** What a node asks of claimDeliveries (src/events/webhook-dispatcher.ts chooses the lease). */
export interface DeliveryClaimRequest {
  /** Clock ms: deliveries due by then whose claim is absent or lapsed (claimed_until <= now) are taken. */
  now: number;
  /** The claiming node (CONTRACT §8 RAMPART_NODE_ID). */
  node: string;
  /** Clock ms the claim lasts until: after it, any node may claim the delivery again. */
  until: number;
  limit: number;
  /** At most this many of one endpoint's deliveries (its earliest due), so that every claimed one is sent at once. */
  perEndpoint: number;
}

/**
 * The claim an attempt's outcome is recorded under: applied only while the delivery is still claimed by `node`
 * and still has the attempt count it was claimed with (no other node recorded an attempt since).
 */
export interface DeliveryClaim {
  node: string;
  attempts: number;
}

export interface AttemptRow {
  delivery_id: string;
  n: number;
  at: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export interface QuoteRow {
  market: string;
  bid: string;
  ask: string;
  last: string;
  time: number;
}

/** A person who signs in to the dashboard: one customer's user (docs/DASHBOARD.md). */
export interface UserRecord {
  id: string;
  customer_id: string;
  /** Lower-case, unique. */
  email: string;
  /** scrypt$N$r$p$salt$hash (base64url). */
  password_hash: string;
  password_changed_at: number;
  created_at: number;
}

/** A dashboard session: the sha256 of the cookie's secret, never the secret. */
export interface SessionRecord {
  id: string;
  user_id: string;
  hash: string;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
}

/** A one-time code sent by email (its sha256 only). */
export interface EmailCodeRecord {
  id: string;
  user_id: string;
  purpose: string;
  hash: string;
  tries: number;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** A mail kept in the store because no SMTP server is set. */
export interface MailRecord {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  created_at: number;
}

/** The operator's invitation to sign up (the sha256 of its one-time token). */
export interface InvitationRecord {
  id: string;
  email: string;
  /** The customer the new user joins; null: sign-up makes a new customer. */
  customer_id: string | null;
  hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** A sign-up waiting for its address to be confirmed by the link mailed to it (the sha256 of the link's token). */
export interface SignUpRecord {
  id: string;
  /** Lower-case. Not unique: an address may have several sign-ups waiting; the first confirmed makes the user. */
  email: string;
  /** scrypt of the password chosen at sign-up: confirming asks for it again. */
  password_hash: string;
  hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/**
 * A counter of attempts by one subject (sign-ins from one address for one email, sign-ins of one email, mails to one
 * address): `subject` is the sha256 of scope and subject; `hits` counted since `window_start`; `blocked_until` when
 * the subject may try again; `passed_at` when it last succeeded (a sign-in).
 */
export interface AttemptRecord {
  subject: string;
  hits: number;
  window_start: number;
  blocked_until: number | null;
  passed_at: number | null;
  updated_at: number;
}

/** The dashboard's people: users, sessions, codes, mails, invitations (store/<adapter>/people.ts). */
export interface PeopleReads {
  getUser(id: string): Promise<UserRecord | undefined>;
  findUserByEmail(email: string): Promise<UserRecord | undefined>;
  /** A customer's dashboard users, oldest first. */
  usersOfCustomer(customerId: string): Promise<UserRecord[]>;
  findSessionByHash(hash: string): Promise<SessionRecord | undefined>;
  /** A user's codes for a purpose, newest first. */
  listEmailCodes(userId: string, purpose: string, limit: number): Promise<EmailCodeRecord[]>;
  /** Mails kept in the store, newest first. */
  listMails(limit: number): Promise<MailRecord[]>;
  findInvitationByHash(hash: string): Promise<InvitationRecord | undefined>;
  findSignUpByHash(hash: string): Promise<SignUpRecord | undefined>;
  getAttempts(subject: string): Promise<AttemptRecord | undefined>;
}

export interface PeopleWrites {
  insertUser(u: UserRecord): Promise<void>;
  setUserPassword(id: string, passwordHash: string, at: number): Promise<void>;
  insertSession(s: SessionRecord): Promise<void>;
  touchSession(id: string, at: number): Promise<void>;
  /** Ends a session unless ended; answers whether it did. */
  revokeSession(id: string, at: number): Promise<boolean>;
  /** Ends every live session of a user but `exceptId`; answers how many. */
  revokeSessionsOfUser(userId: string, exceptId: string | null, at: number): Promise<number>;
  insertEmailCode(c: EmailCodeRecord): Promise<void>;
  updateEmailCode(id: string, patch: Pick<EmailCodeRecord, 'tries' | 'used_at'>): Promise<void>;
  insertMail(m: MailRecord): Promise<void>;
  insertInvitation(i: InvitationRecord): Promise<void>;
  /** Marks it used unless used; answers whether it did (two sign-ups with one token: one wins). */
  useInvitation(id: string, at: number): Promise<boolean>;
  insertSignUp(s: SignUpRecord): Promise<void>;
  /** Marks it used unless used; answers whether it did (two confirmations of one link: one wins). */
  useSignUp(id: string, at: number): Promise<boolean>;
  /** Drops up to `limit` sign-ups that expired at or before `time`; answers how many. */
  deleteExpiredSignUps(time: number, limit: number): Promise<number>;
  /** Writes the counter (inserted or replaced whole); read and write it under `lock('attempts:' + subject)`. */
  putAttempts(a: AttemptRecord): Promise<void>;
  /** Drops up to `limit` counters last updated before `time`; answers how many. */
  deleteAttemptsBefore(time: number, limit: number): Promise<number>;
  /** Revokes every live credential made by the user, or in the session; answers how many. */
  revokeCredentialsBy(by: { user_id: string } | { session_id: string }, at: number): Promise<number>;
}

/** One record of the OAuth authorization server (an oidc-provider model instance, or a minted credential's grant). */
export interface OAuthRecord {
  model: string;
  id: string;
  /** The model's JSON. */
  payload: string;
  expires_at: number | null;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  consumed_at: number | null;
  /** The user a session, grant or consent belongs to. */
  account_id: string | null;
  /** The address a client registered from, while it was never used for a grant. */
  address: string | null;
}

/** The OAuth records (store/<adapter>/oauth.ts). Expired records are not answered. */
export interface OAuthReads {
  getOAuthRecord(model: string, id: string, now: number): Promise<OAuthRecord | undefined>;
  findOAuthRecordBy(model: string, field: 'uid' | 'user_code', value: string, now: number): Promise<OAuthRecord | undefined>;
  /** Every live record of a model belonging to a user (`account_id`) or registered from an address, oldest id first. */
  listOAuthRecordsBy(model: string, field: 'account_id' | 'address', value: string, now: number): Promise<OAuthRecord[]>;
  /** Every live record of a model, oldest id first (a user's grants: the caller filters the payload). */
  listOAuthRecords(model: string, now: number): Promise<OAuthRecord[]>;
  listOAuthRecordsByGrant(grantId: string): Promise<OAuthRecord[]>;
}

export interface OAuthWrites {
  /** Inserts or replaces (model, id). */
  putOAuthRecord(r: OAuthRecord): Promise<void>;
  deleteOAuthRecord(model: string, id: string): Promise<void>;
  /** Marks it consumed unless consumed; answers whether it did. */
  consumeOAuthRecord(model: string, id: string, at: number): Promise<boolean>;
  /** Drops every record of a grant (but `keepModel`'s); answers how many. */
  deleteOAuthRecordsByGrant(grantId: string, keepModel: string | null): Promise<number>;
  /** Drops up to `limit` records expired at `now`. */
  deleteExpiredOAuthRecords(now: number, limit: number): Promise<number>;
}

/** One row of the tick record (src/feed/tick-log.ts): a quote the engine acted on, or one exchange message's prices. */
export interface TickRow {
  /** Given by the store on insert: increasing in the order rows were written. */
  id: number;
  market: string;
  time: number;
  kind: 'quote' | 'source';
  /** The quote's origin (`composite`, `simulated`, `replay`, `operator`), or the exchange of a source row. */
  source: string;
  bid: string;
  ask: string;
  last: string;
  exchange_time: number | null;
  /** Source rows: the exchange's message as received. */
  raw: string | null;
  /** Quote rows of the composite: JSON of the sources used, and of those set aside with their reason. */
  used: string | null;
  set_aside: string | null;
}

/** A page of a market's ticks: from ≤ time ≤ to, by (time, id), after the row `after`. */
export interface TickQuery {
  market: string;
  from: number;
  to: number;
  after?: { time: number; id: number };
  limit: number;
}

/** The tick record (store/<adapter>/ticks.ts). */
export interface TickReads {
  listTicks(q: TickQuery): Promise<TickRow[]>;
}

export interface TickWrites {
  insertTicks(rows: readonly Omit<TickRow, 'id'>[]): Promise<void>;
  /**
   * Retention: drops the oldest rows by id, at most `limit`, up to the first one recorded at or after `time` (ids
   * follow the clock, so these are the rows recorded before it). Answers how many.
   */
  deleteTicksBefore(time: number, limit: number): Promise<number>;
}

/** Customers (store/<adapter>/customers.ts). */
export interface CustomerReads {
  getCustomer(id: string): Promise<CustomerRecord | undefined>;
  listCustomers(): Promise<CustomerRecord[]>;
}

/** Keys and app tokens (store/<adapter>/credentials.ts). */
export interface CredentialReads {
  findCredentialByHash(hash: string): Promise<StoredCredential | undefined>;
  getCredential(id: string): Promise<CredentialRecord | undefined>;
  /** A customer's credentials of one kind, oldest first. */
  listCredentials(customerId: string, kind: CredentialKind): Promise<CredentialRecord[]>;
  countCredentials(customerId: string, kind: CredentialKind, environment: Environment): Promise<number>;
}

/** Accounts (store/<adapter>/accounts.ts). */
export interface AccountReads {
  getAccount(id: string): Promise<AccountRecord | undefined>;
  listAccounts(page: AccountPage): Promise<AccountRecord[]>;
  /** Every account ever opened for the customer in the environment (the lifetime limit counts these). */
  countAccounts(customerId: string, environment: Environment): Promise<number>;
  listAccountsByStatus(status: AccountStatus): Promise<AccountRecord[]>;
  /** Accounts of an environment that are open on the engine (not pending). */
  listAccountsByStatusIn(environment: Environment): Promise<AccountRecord[]>;
}

/** Operator state, idempotency records and stored quotes (store/<adapter>/settings.ts). */
export interface SettingReads {
  getIdempotency(scope: string, key: string): Promise<IdempotencyRecord | undefined>;
  listMarketStates(): Promise<MarketState[]>;
  listEnvironmentStates(): Promise<EnvironmentState[]>;
  getSetting(name: string): Promise<string | undefined>;
  /** The settings whose names start with `prefix`, in name order. */
  listSettings(prefix: string): Promise<{ name: string; value: string }[]>;
  listQuotes(): Promise<QuoteRow[]>;
}

/** Orders, fills, positions, margin settings and the equity curve (store/<adapter>/orders.ts). */
export interface OrderReads {
  getOrder(id: string): Promise<OrderRow | undefined>;
  findOrderByClientId(customerId: string, environment: Environment, clientOrderId: string): Promise<OrderRow | undefined>;
  /** Newest first; the stored order (data) is all a list shows. */
  listOrders(q: OrderQuery): Promise<{ id: string; data: string }[]>;
  listOpenOrders(environment: Environment): Promise<OrderRow[]>;
  maxOrderSeq(environment: Environment): Promise<number>;
  listFills(accountId: string, afterId: string | undefined, limit: number): Promise<{ id: string; data: string }[]>;
  listPositions(environment: Environment): Promise<{ account_id: string; market: string; data: string }[]>;
  listMarginSettings(environment: Environment): Promise<{ account_id: string; market: string; leverage: number; mode: 'isolated' | 'cross' }[]>;
  listEquityPoints(accountId: string, resolution: 'trade' | 'day'): Promise<{ time: number; equity: string; balance: string }[]>;
}

/** The event log (store/<adapter>/events.ts). */
export interface EventReads {
  /**
   * The customers' event counters in an environment (their number, and the last seq written, 0 for none): read
   * by the partition that numbers their events when it takes them, through its fenced transaction.
   */
  eventCounters(environment: Environment, customerIds: readonly string[]): Promise<Map<string, EventCounter>>;
  /** Committed events only: never one of a transaction still in progress (what lists and streams read). */
  listEvents(q: EventQuery): Promise<StoredEvent[]>;
  /**
   * A customer's committed event at its place (seq) in an environment: what a cursor names (its id carries the
   * place), found through the log's position index — no index on ids, which every event insert would pay for.
   */
  eventAt(at: { environment: Environment; customerId: string; seq: number }): Promise<StoredEvent | undefined>;
  /**
   * A committed event by its row's number: an event written before customers numbered their own has an id that
   * carries only this (`evt_live_000000000042`).
   */
  eventByRow(row: number): Promise<StoredEvent | undefined>;
  /** The seq of the scope's last committed event (0 when it has none). */
  eventHead(scope: EventScope): Promise<number>;
}

/** Webhook endpoints, deliveries and attempts (store/<adapter>/webhooks.ts). */
export interface WebhookReads {
  getWebhook(id: string): Promise<WebhookRecord | undefined>;
  /** A customer's endpoints in an environment, oldest first, after the endpoint `afterId`. */
  listWebhooks(customerId: string, environment: Environment, afterId: string | undefined, limit: number): Promise<WebhookRecord[]>;
  listAllWebhooks(): Promise<WebhookRecord[]>;
  /** An endpoint's deliveries, newest first, before the delivery `afterId`. */
  listDeliveries(webhookId: string, afterId: string | undefined, limit: number): Promise<DeliveryRow[]>;
  getDelivery(id: string): Promise<DeliveryRow | undefined>;
  listAttempts(deliveryIds: string[]): Promise<AttemptRow[]>;
  /** Pending deliveries due at `now`: by due time, then as made (event order within one fan-out). */
  dueDeliveries(now: number, limit: number): Promise<DeliveryRow[]>;
  /** How many pending deliveries are due at `now`, claimed or not (the webhook backlog gauge). */
  countDueDeliveries(now: number): Promise<number>;
}

/** Every read of the store, resource by resource: a service names the ports it reads (a `Pick` or one of these). */
/** Signals and the alerts they received (store/<adapter>/signals.ts). */
export interface SignalReads {
  getSignal(id: string): Promise<SignalRecord | undefined>;
  signalBySecretHash(hash: string): Promise<SignalRecord | undefined>;
  /** A customer's signals in an environment, oldest first, after `afterId`. */
  listSignals(customerId: string, environment: Environment, afterId: string | undefined, limit: number): Promise<SignalRecord[]>;
  getAlert(id: string): Promise<AlertRow | undefined>;
  alertByDedupKey(signalId: string, key: string): Promise<AlertRow | undefined>;
  /** A signal's alerts, newest first, before `beforeId`. */
  listAlerts(signalId: string, beforeId: string | undefined, limit: number): Promise<AlertRow[]>;
  /** Alerts still pending that were received before `time`, oldest first (a node stopped while working them). */
  pendingAlerts(time: number, limit: number): Promise<AlertRow[]>;
}

export interface Reads extends PeopleReads, OAuthReads, TickReads, CustomerReads, CredentialReads, AccountReads, SettingReads, OrderReads, EventReads, WebhookReads, SignalReads {}

/** Customers (store/<adapter>/customers.ts). */
export interface CustomerWrites {
  insertCustomer(c: CustomerRecord): Promise<void>;
  setCustomerApiEnabled(id: string, enabled: boolean): Promise<boolean>;
}

/** Keys and app tokens (store/<adapter>/credentials.ts). */
export interface CredentialWrites {
  insertCredential(c: StoredCredential): Promise<void>;
  /** Sets revoked_at unless already revoked; answers whether it did. */
  revokeCredential(id: string, at: number): Promise<boolean>;
}

/** Accounts (store/<adapter>/accounts.ts). */
export interface AccountWrites {
  insertAccount(a: AccountRecord): Promise<void>;
  updateAccount(
    id: string,
    patch: Partial<Pick<AccountRecord, 'status' | 'status_reason' | 'balance' | 'parked' | 'paused_until' | 'last_used_at' | 'rule_state' | 'dead_man_fires_at' | 'rule' | 'rule_version'>>,
    at: number,
  ): Promise<boolean>;
}

/** Operator state, named counters, idempotency records and stored quotes (store/<adapter>/settings.ts). */
export interface SettingWrites {
  /** Next value of a named counter (customer numbers, live account ids, sandbox numbers per customer). */
  nextSequence(name: string, start: number): Promise<number>;
  putIdempotency(r: IdempotencyRecord): Promise<void>;
  deleteIdempotencyBefore(time: number): Promise<number>;
  setMarketState(s: MarketState): Promise<void>;
  setEnvironmentState(s: EnvironmentState): Promise<void>;
  setSetting(name: string, value: string): Promise<void>;
  /** Removes a setting; whether there was one. */
  deleteSetting(name: string): Promise<boolean>;
  putQuote(q: QuoteRow): Promise<void>;
}

/** An engine's effects: orders, fills, positions, margin settings, equity points; the start-up restart cancel (store/<adapter>/orders.ts). */
export interface OrderWrites {
  upsertOrder(o: OrderRow): Promise<void>;
  insertFill(f: { id: string; account_id: string; order_id: string; filled_at: number; data: string }): Promise<void>;
  putPosition(accountId: string, market: string, data: string | null): Promise<void>;
  putMarginSetting(accountId: string, market: string, leverage: number, mode: 'isolated' | 'cross'): Promise<void>;
  /**
   * The restart transition at start-up, where the orders are stored (none is loaded): every open order of
   * `c.accounts` canceled as the engine's cancel leaves it and announced by its order.canceled event, numbered after
   * its customer's last event oldest first, with its webhook deliveries (canceled-orders.ts). Answers how many
   * orders each account had.
   */
  cancelOpenOrders(c: OpenOrdersCancel): Promise<Map<string, number>>;
  insertEquityPoint(p: { account_id: string; resolution: 'trade' | 'day'; time: number; equity: string; balance: string }): Promise<void>;
}

/** The event log and its webhook outbox (store/<adapter>/events.ts). */
export interface EventWrites {
  /**
   * Writes events numbered by their partition, and with them, in the same transaction, a delivery for every webhook
   * endpoint of their customer that wants them (the outbox): an endpoint committed before the events is served, no
   * cursor or lock shared by partitions is needed.
   */
  insertEvents(events: readonly EventRow[]): Promise<void>;
  /**
   * Retention: drops the oldest events, at most `limit`, up to the first one created at or after `time` (in the
   * order they were written, which follows time); each customer's newest event in an environment always stays (the
   * partition numbers the next after it).
   */
  deleteEventsBefore(time: number, limit: number): Promise<number>;
}

/** Webhook endpoints, deliveries and attempts (store/<adapter>/webhooks.ts). */
export interface WebhookWrites {
  insertWebhook(w: WebhookRecord): Promise<void>;
  /** Replaces the stored (sealed) signing secret: sealing at start-up, key rotation. */
  setWebhookSecret(id: string, secret: string): Promise<void>;
  deleteWebhook(id: string): Promise<boolean>;
  insertDelivery(d: DeliveryRow): Promise<void>;
  /**
   * Claims due deliveries for one node (one statement; on PostgreSQL rows another transaction is claiming are
   * skipped): pending, due at `now`, unclaimed or with a lapsed claim; by due time, then as made. Two claims never
   * answer the same delivery while its claim lasts.
   */
  claimDeliveries(c: DeliveryClaimRequest): Promise<DeliveryRow[]>;
  /**
   * Records an attempt's outcome and drops the delivery's claim. With `claim`, only while the delivery is still
   * that claim's (answers false, changing nothing, once another node took it over).
   */
  updateDelivery(id: string, patch: Pick<DeliveryRow, 'status' | 'attempts' | 'next_attempt_at' | 'finished_at'>, claim?: DeliveryClaim): Promise<boolean>;
  insertAttempt(a: AttemptRow): Promise<void>;
  /** Drops up to `limit` finished deliveries (and their attempts) finished before `time`, oldest first. */
  deleteDeliveriesBefore(time: number, limit: number): Promise<number>;
}

/** Signals and their alerts (store/<adapter>/signals.ts). */
export interface SignalWrites {
  insertSignal(s: SignalRecord): Promise<void>;
  revokeSignal(id: string, at: number): Promise<boolean>;
  /** Inserts an alert; false (nothing written) when the signal already has one with its de-duplication key. */
  insertAlert(a: AlertRow): Promise<boolean>;
  /** Frees an old alert's de-duplication key (past the window) so a new alert may take it. */
  releaseDedupKey(alertId: string): Promise<void>;
  /** Takes an alert's work until `until` unless another node holds it; whether it was taken. */
  claimAlert(id: string, now: number, until: number): Promise<boolean>;
  finishAlert(id: string, status: AlertRow['status'], results: AlertResult[], at: number): Promise<void>;
}

/** Named locks held until the transaction ends (store/<adapter>/locks.ts). */
export interface LockWrites {
  /**
   * Several nodes share the store: a named lock held by this transaction until it ends, other nodes' transactions
   * asking for it wait (PostgreSQL: a transaction-scoped advisory lock). On SQLite, one process whose transactions
   * already run one at a time, it holds at once. `tryLock` answers false instead of waiting when another holds it.
   */
  lock(name: string): Promise<void>;
  tryLock(name: string): Promise<boolean>;
  /**
   * `tryLock(lock)`, then, if it got it, `getIdempotency(scope, key)` read after it: in one round trip where the
   * store can (PostgreSQL); `locked` false when another transaction holds the lock (then nothing is read).
   */
  claimIdempotency?(lock: string, scope: string, key: string): Promise<IdempotencyClaim>;
  /**
   * `claimIdempotency`, held to travel with the transaction's next statement (PostgreSQL's group commit: the claim
   * costs no round trip of its own): `judge` gets the claim once that message is answered, and what it throws fails
   * the statement that sent it, or the transaction's end — the transaction then rolls back, what ran after the claim
   * included. Where the store holds nothing, `judge` runs before this resolves.
   */
  checkIdempotency?(lock: string, scope: string, key: string, judge: (claim: IdempotencyClaim) => void): Promise<void>;
}

/** An Idempotency-Key's claim: whether this transaction holds its lock, and the record it has (when it holds it). */
export interface IdempotencyClaim {
  locked: boolean;
  prior: IdempotencyRecord | undefined;
}

/** The transaction itself: what runs when it rolls back or settles, the lease fence, its idle bound (the adapters' store files). */
export interface TransactionControl {
  /**
   * Called if this transaction rolls back, after the ROLLBACK: whoever changed in-memory state along with the
   * transaction's writes (the trading engine) undoes it, so nothing of a failed call stays visible.
   */
  onRollback(undo: () => void): void;
  /**
   * Called once this transaction is over: `durable` true once it is on disk (on SQLite after the sync of its batch),
   * before its caller is answered; false once it rolled back (after the onRollback undos) or its sync failed (the
   * file then holds what may not be on disk: whoever changed memory with it must not trust that memory). Reads
   * served from memory the transaction changed wait for it (engine-host/in-flight.ts).
   */
  onSettled(settled: (durable: boolean) => void): void;
  /**
   * Refuses (LeaseLostError; the transaction then rolls back) unless this node still holds the engine partition's
   * lease at this epoch. PostgreSQL checks the lease row (src/store/postgres/lease-fence.ts); SQLite has one node and never refuses.
   */
  fence(f: Fence): Promise<void>;
  /**
   * This transaction may pause between its statements for up to `ms` (a partition's engine built from thousands of
   * rows between two reads). PostgreSQL ends a transaction idle for longer than the connections' bound (2 s,
   * durability.ts CLIENT_DEFAULTS), which stops a frozen node holding its lease rows: this one transaction gets a
   * longer bound. SQLite has no such bound and ignores it.
   */
  allowPauses(ms: number): Promise<void>;
}

/** One transaction: every read, every write of each resource, and the transaction's own controls. */
export interface Tx extends Reads, TransactionControl, PeopleWrites, OAuthWrites, TickWrites, CustomerWrites, CredentialWrites, AccountWrites, SettingWrites, OrderWrites, EventWrites, WebhookWrites, SignalWrites, LockWrites {}

export interface Store extends Reads {
  /** Runs fn in one transaction: everything it wrote commits together, durably, or not at all. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Records that a key or token was used (best effort, batched; not part of any answer's durability). */
  touchCredential(id: string, at: number): void;
  /**
   * Told after a transaction that wrote events committed (persist before publish): the accounts it wrote events
   * for (and, with them, webhook deliveries); null when any account may have new events (another node's notice too
   * large to name them, or notices lost with a connection). Listeners read the events from the log. `deliveries`
   * false: the commit made no webhook delivery (the webhook sender need not look); left out where not known.
   */
  onEventsCommitted(listener: (c: { accountIds: ReadonlySet<string> | null; deliveries?: boolean }) => void): () => void;
  readonly isNew: boolean;
  /**
   * How many of the store's sessions (every node's, on PostgreSQL) wait for a lock now: partitions never wait on one
   * another, so outside a take-over or a contended Idempotency-Key this stays 0. SQLite, one writer: always 0.
   */
  lockWaits(): Promise<number>;
  /**
   * Installs a gate every call passes and every COMMIT asks first (fault injection installs one with
   * RAMPART_FAULTS=1: src/store/faults.ts). Without one, nothing is checked.
   */
  setGate(gate: StoreGate): void;
  close(): Promise<void>;
}

/** What a store asks before each call and each COMMIT (src/store/faults.ts); throwing fails it. */
export interface StoreGate {
  /** Whether beforeCall must be awaited at all (reads skip the async path when not). */
  readonly active: boolean;
  beforeCall(): Promise<void>;
  /** Before the COMMIT of a transaction (on SQLite, of the batch several transactions share). */
  beforeCommit(): void;
  /** Test-only: a batch of the group commit reached a phase (crash points, src/config/crash-point.ts). */
  atBatch?(phase: BatchPhase): void;
}

/** The gate of a store nobody installed one on. */
export const OPEN_GATE: StoreGate = { active: false, beforeCall: () => Promise.resolve(), beforeCommit: () => undefined };

/** The store could not complete an operation (disk, lock, injected fault). Answers 503 state_unavailable. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}
