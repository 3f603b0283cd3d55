import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { CLIENT_DEFAULTS } from './durability.js';

export const CHANNEL = 'rampart_events';
/** NOTIFY payloads are limited to 8000 bytes: past this the accounts are not named (the receiver reads them). */
const MAX_PAYLOAD = 7000;

export interface Notice {
  /** The accounts the committed events are for; null when too many to name (then any account may have new ones). */
  accountIds: string[] | null;
}

interface Wire extends Notice {
  origin: string;
  schema: string;
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
 * owner wake everything once (readers then page the log from their own cursors).
 */
export class EventListener {
  readonly origin = randomUUID();
  private client: pg.Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly schema: string,
    private readonly onNotice: (n: Notice) => void,
    private readonly onReconnect: () => void,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, ...CLIENT_DEFAULTS });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (m) => {
      if (m.channel !== CHANNEL || !m.payload) return;
      try {
        const w = JSON.parse(m.payload) as Wire;
        if (w.origin === this.origin || w.schema !== this.schema) return;
        this.onNotice({ accountIds: w.accountIds });
      } catch {
        // Not ours.
      }
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.client = client;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
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
