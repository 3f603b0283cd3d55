import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { applicationName, CLIENT_DEFAULTS } from './durability.js';

export const CHANNEL = 'rampart_events';
/**
 * Rows of the cached tables changed: `{ origin, schema, table, key }` from migration 012's trigger, or `{ origin, schema,
 * table, keys }` from a store's notices after its COMMIT (notices.ts: the accounts of a message in one notice).
 */
export const ROWS_CHANNEL = 'rampart_rows';
/** NOTIFY payloads are limited to 8000 bytes: past this the accounts are not named (the receiver reads them). */
export const MAX_PAYLOAD = 7000;

export interface Notice {
  /** The accounts the committed events are for; null when too many to name (then any account may have new ones). */
  accountIds: string[] | null;
  /** false: the commits made no webhook delivery (a notice without it, from an older node, may have). */
  deliveries?: boolean;
}

interface Wire extends Notice {
  origin: string;
  schema: string;
}

/** A changed row of a cached table, by its key (a credential's hash, a customer's or an account's id). */
export interface RowNotice {
  table: string;
  key: string;
}

/** What the listener is told besides events: changed rows, and when it stops and starts listening. */
export interface RowListener {
  changed(n: RowNotice): void;
  /** The connection is lost: notices sent from now until `listening` are lost. */
  lost(): void;
  listening(): void;
}

/** What a committing transaction sends (with pg_notify, delivered at COMMIT, never for a rollback). */
export function noticePayload(origin: string, schema: string, n: Notice): string {
  const full = JSON.stringify({ origin, schema, ...n } satisfies Wire);
  return full.length <= MAX_PAYLOAD ? full : JSON.stringify({ origin, schema, ...n, accountIds: null } satisfies Wire);
}

/**
 * Wakes this process's listeners when another process (node, CLI) commits events: one dedicated connection
 * LISTENs on `rampart_events`; notices of this store's own commits and of other schemas are dropped. A lost
 * connection is re-established after a second; the notices sent meanwhile are lost, so `onReconnect` lets the
 * owner wake everything once (readers then page the log from their own cursors). The same connection LISTENs on
 * `rampart_rows` for the record cache (`rows`), told when it is lost and when it listens again.
 */
export class EventListener {
  private client: pg.Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly schema: string,
    private readonly onNotice: (n: Notice) => void,
    private readonly onReconnect: () => void,
    private readonly rows: RowListener,
    /** Names this store's sessions (the start-up option rampart.origin) and its notices. */
    readonly origin: string = randomUUID(),
  ) {}

  async start(): Promise<void> {
    // Named apart from the pool's sessions (an operator, or a test, can find it in pg_stat_activity).
    const name = applicationName(this.url).replace(/^rampart/, 'rampart listen').slice(0, 63);
    const client = new pg.Client({ connectionString: this.url, ...CLIENT_DEFAULTS, application_name: name });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (m) => {
      if (m.channel === ROWS_CHANNEL && m.payload) return this.rowNotice(m.payload);
      if (m.channel !== CHANNEL || !m.payload) return;
      try {
        const w = JSON.parse(m.payload) as Wire;
        if (w.origin === this.origin || w.schema !== this.schema) return;
        this.onNotice({ accountIds: w.accountIds, ...(w.deliveries === false ? { deliveries: false } : {}) });
      } catch {
        // Not ours.
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}; LISTEN ${ROWS_CHANNEL}`);
    } catch (err) {
      client.end().catch(() => undefined);
      throw err;
    }
    this.client = client;
    this.rows.listening();
  }

  private rowNotice(payload: string): void {
    try {
      const w = JSON.parse(payload) as { origin: string | null; schema: string; table: string; key?: string; keys?: string[] };
      if (w.origin === this.origin || w.schema !== this.schema) return;
      if (Array.isArray(w.keys)) for (const key of w.keys) this.rows.changed({ table: w.table, key });
      else if (typeof w.key === 'string') this.rows.changed({ table: w.table, key: w.key });
    } catch {
      // Not ours.
    }
  }

  private lost(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    this.rows.lost();
    client.end().catch(() => undefined);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (this.closed) return;
      this.start().then(this.onReconnect, () => this.scheduleRetry());
    }, 1000).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const c = this.client;
    this.client = undefined;
    await c?.end().catch(() => undefined);
  }
}
