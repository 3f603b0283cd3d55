import type Database from 'better-sqlite3';
import { OPEN_GATE, type Reads, type Store, type StoreGate, type Tx } from '../port.js';
import { accountReads, accountWrites } from './accounts.js';
import { RecordCache } from './cache.js';
import { CredentialTouches, credentialReads, credentialWrites } from './credentials.js';
import { customerReads, customerWrites } from './customers.js';
import { Durability, type CommitListener } from './durability.js';
import type { CheckpointOptions, CheckpointStats } from './checkpointer.js';
import { eventReads, eventWrites } from './events.js';
import { lockWrites } from './locks.js';
import { orderReads, orderWrites } from './orders.js';
import { oauthReads, oauthWrites } from './oauth.js';
import { peopleReads, peopleWrites } from './people.js';
import { settingReads, settingWrites } from './settings.js';
import { tickReads, tickWrites } from './ticks.js';
import { signalReads, signalWrites } from './signals.js';
import { webhookReads, webhookWrites } from './webhooks.js';
import { NO_TELEMETRY, timedTransaction, type Telemetry } from '../../kernel/telemetry.js';


/** The port's reads, as members the constructor assigns from the query modules. */
const WithReads = class {} as new () => Reads;

/**
 * The storage port on SQLite, composed: durability (connection, group commit, WAL sync; durability.ts and the
 * files it names), the record cache (cache.ts), and one module of prepared statements and row mapping per resource
 * (customers, credentials, accounts, orders, events, webhooks, settings). Reads are the modules' functions behind
 * the store's gate; a transaction's Tx is the store (its reads see the transaction's own writes) plus the writes.
 */
export class SqliteStore extends WithReads implements Store {
  private gate: StoreGate = OPEN_GATE;
  private readonly durability: Durability;
  private readonly touches: CredentialTouches;
  private readonly tx: Tx;

  constructor(
    file: string,
    /** Times every transaction (src/metrics). */
    private readonly telemetry: Pick<Telemetry, 'transaction'> = NO_TELEMETRY,
    /** The WAL checkpoint's timing (checkpointer.ts); tests shrink it. */
    checkpoint: CheckpointOptions = {},
  ) {
    super();
    const cache = new RecordCache(() => durability.conn.changedElsewhere());
    const durability = new Durability(file, () => this.gate, () => cache.clear(), checkpoint);
    this.durability = durability;
    // Typed as the port's Reads and Tx writes: a query the modules lack fails to compile, not at run time.
    const reads: Reads = {
      ...customerReads(durability, cache),
      ...credentialReads(durability, cache),
      ...accountReads(durability, cache),
      ...orderReads(durability),
      ...eventReads(durability),
      ...webhookReads(durability, cache),
      ...signalReads(durability),
      ...settingReads(durability),
      ...peopleReads(durability),
      ...oauthReads(durability),
      ...tickReads(durability),
    };
    Object.assign(this, reads);
    const events = eventWrites(durability, cache);
    const writes: Omit<Tx, keyof Reads> & Pick<Tx, 'listEvents'> = {
      onRollback: (undo: () => void) => durability.onRollback(undo),
      onSettled: (settled: (durable: boolean) => void) => durability.onSettled(settled),
      ...customerWrites(durability, cache),
      ...credentialWrites(durability, cache),
      ...accountWrites(durability, cache),
      ...orderWrites(durability),
      ...events,
      ...webhookWrites(durability, cache),
      ...signalWrites(durability),
      ...settingWrites(durability),
      ...peopleWrites(durability, cache),
      ...oauthWrites(durability),
      ...tickWrites(durability),
      fence: () => Promise.resolve(),
      allowPauses: () => Promise.resolve(),
      ...lockWrites(),
    };
    this.tx = Object.assign(Object.create(this) as Tx, writes);
    this.touches = new CredentialTouches(durability, (apply) => {
      if (durability.closed) return;
      void this.transaction(async () => apply()).catch(() => undefined);
    });
  }

  get isNew(): boolean {
    return this.durability.isNew;
  }

  setGate(gate: StoreGate): void {
    this.gate = gate;
  }

  /** Transactions run, COMMITs and WAL syncs made: their ratios are the group commit's batch sizes. */
  get stats(): Durability['stats'] {
    return this.durability.stats;
  }

  /** The WAL checkpoints the worker thread ran (undefined in memory). */
  get checkpoints(): CheckpointStats | undefined {
    return this.durability.checkpointer?.stats;
  }

  /** Test-only: make the next syncs of the WAL fail, or hold them until the promise settles. */
  get syncFaults(): Durability['syncFaults'] {
    return this.durability.syncFaults;
  }

  /** The write connection: private, as before the split; test/integration/restart.test.ts reads the file through it. */
  private get db(): Database.Database {
    return this.durability.conn.db;
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return timedTransaction(this.telemetry, () => this.durability.transaction(fn, this.tx));
  }

  touchCredential(id: string, at: number): void {
    this.touches.add(id, at);
  }

  lockWaits(): Promise<number> {
    return Promise.resolve(0);
  }

  onEventsCommitted(listener: CommitListener): () => void {
    return this.durability.onEventsCommitted(listener);
  }

  async close(): Promise<void> {
    if (this.durability.closed) return;
    this.touches.stop();
    await this.durability.close();
  }
}
