import type pg from 'pg';
import { StoreUnavailableError, type StoreGate } from '../port.js';
import { WriterChain } from '../writer-chain.js';
import { executed, inlined, preparing, queryOn, runSettled, runUndo, simple, storeError, type Q, type Row } from './durability.js';
import type { EventTxState, Written } from './events.js';

/**
 * Members of one group commit at most: each that writes gets a subtransaction id, and past 64 of them in one
 * transaction PostgreSQL's per-backend cache overflows and every other session's snapshots get slower.
 */
const MAX_MEMBERS = 48;
/**
 * How long a batch may stay open before it commits: what it locks (its partitions' lease rows FOR KEY SHARE, the rows it
 * wrote) waits for its COMMIT, and its members wait to be answered.
 */
const MAX_BATCH_MS = 50;

/** One store transaction of a group commit: what it asked undone on rollback, and what it wrote to the event log. */
export interface Member {
  readonly rollbacks: (() => void)[];
  /** Told how the member ended once that is known: durable (its batch committed) or not (Tx.onSettled). */
  readonly settles: ((durable: boolean) => void)[];
  readonly events: EventTxState;
  /** Lease fences (environment/partition/owner/epoch) this member checked. */
  readonly fenced: Set<string>;
  /** Whether a lease fence was checked already in this PostgreSQL transaction, by this member or a kept one. */
  isFenced(key: string): boolean;
  /** The engine partitions (environment/partition) this member fenced or relied on a kept member's fence for. */
  readonly touched: Set<string>;
  /**
   * Set when the member before it failed once its last message was answered and the two touched a partition in
   * common: this member's work ran on that partition's engine as the failed member left it, so it fails too.
   */
  doomed: unknown;
}

interface Kept {
  readonly member: Member;
  readonly durable: Promise<void>;
  /** Committed or failed: told once. */
  over: boolean;
  commit(): void;
  fail(err: unknown): void;
}

/**
 * One member's statements on its batch's connection. Writes whose answer is not needed are held and sent with the
 * next statement, or at the member's end, as one simple-protocol message (their parameters written in as literals):
 * a market order's dozen rows cost a few round trips instead of one each. The first message carries the member's
 * SAVEPOINT (named for this member alone, so a rollback can never reach an earlier member's work). A statement that
 * fails (even if fn catches it) leaves the savepoint aborted: the member fails at its end.
 */
class Statements {
  private held: string[] = [];
  /** How many statements `held` makes (an entry may be several: a savepoint's release and the next). */
  private heldStatements = 0;
  /** Held statements whose answer is checked when their message is answered: by their place in it (text: inlined). */
  private checks: { at: number; text: string; verify: (rows: Row[]) => void }[] = [];
  /** The statements what is held prepares (a PREPARE before its first EXECUTE on this connection). */
  private prepares = new Set<string>();
  /** Whether a message of this member reached the server (then a rollback must go back to its savepoint). */
  sent = false;
  private failed = false;
  /** Whether the member's first message was begun (its SAVEPOINT, and BEGIN or the release of the one before). */
  private opened = false;

  constructor(
    readonly batch: Batch,
    readonly savepoint: string,
    /** Resolves once the member before it was judged (its last message answered); throws if this one must fail. */
    private readonly judged: () => Promise<void>,
  ) {}

  /** A statement whose answer is wanted: written in with what is held when it can be, else sent after it. */
  async run(sql: string, params?: readonly unknown[]): Promise<{ rows: Row[]; rowCount: number }> {
    const text = this.held.length > 0 || !this.opened ? this.statement(sql, params) : undefined;
    if (text !== undefined) {
      this.push(text);
      const r = await this.flush();
      return { rows: r!.rows as Row[], rowCount: r!.rowCount ?? 0 };
    }
    await this.flush();
    return this.noted(this.batch.q.rows(sql, params).then((rows) => ({ rows, rowCount: rows.length })));
  }

  /** Rows changed: as run, but counted by the server (an UPDATE answers no rows). */
  async changes(sql: string, params?: readonly unknown[]): Promise<number> {
    const text = this.held.length > 0 || !this.opened ? this.statement(sql, params) : undefined;
    if (text !== undefined) {
      this.push(text);
      return (await this.flush())!.rowCount ?? 0;
    }
    await this.flush();
    return this.noted(this.batch.q.changes(sql, params));
  }

  async hold(sql: string, params?: readonly unknown[]): Promise<void> {
    const text = this.statement(sql, params);
    if (text !== undefined) this.push(text);
    else await this.changes(sql, params);
  }

  /** Held like a write; its rows judged by `verify` once its message is answered (Q.check). */
  async check(sql: string, params: readonly unknown[], verify: (rows: Row[]) => void): Promise<void> {
    const alone = inlined(sql, params);
    const text = alone === undefined ? undefined : this.statement(sql, params);
    if (alone === undefined || text === undefined) {
      verify((await this.run(sql, params)).rows);
      return;
    }
    this.checks.push({ at: this.heldStatements, text: alone, verify });
    this.push(text);
  }

  /**
   * The member's end: what is held is sent, without waiting for its answer (the next member's work runs while
   * PostgreSQL runs this one's statements). `answer` settles once it is answered: it rejects when a statement of the
   * member failed or a held check refused.
   */
  async end(): Promise<{ answer: Promise<void> }> {
    const { answer } = await this.send();
    return {
      answer: answer.then(() => {
        if (this.failed) throw new StoreUnavailableError('the store rolled back the transaction');
      }),
    };
  }

  /**
   * The statement's text in a message (durability.ts `executed`: EXECUTE of what the connection prepared), its PREPARE
   * held before it the first time; undefined when a parameter cannot be written in.
   */
  private statement(sql: string, params?: readonly unknown[]): string | undefined {
    const out = executed(this.batch.client, sql, params, this.prepares);
    if (out?.prepare !== undefined) {
      this.push(out.prepare.text);
      this.prepares.add(out.prepare.name);
    }
    return out?.text;
  }

  private push(text: string): void {
    this.held.push(text);
    this.heldStatements++;
  }

  /** Sends what is held as one message and waits for it: the last statement's result (undefined when nothing was held). */
  private async flush(): Promise<pg.QueryResult | undefined> {
    return (await this.send()).answer;
  }

  /**
   * Sends what is held as one message; resolves once it is sent, with its answer to wait for. The member's first
   * message waits until the member before it was judged, and then opens with its SAVEPOINT (BEGIN first in a new
   * batch; the release of the savepoint before, which is judged good by then).
   */
  private async send(): Promise<{ answer: Promise<pg.QueryResult | undefined> }> {
    if (!this.opened) {
      await this.judged();
      this.opened = true;
      const opening = this.batch.kept.length === 0 && !this.batch.begun ? ['BEGIN'] : [];
      if (this.batch.savepoint) opening.push(`RELEASE SAVEPOINT ${this.batch.savepoint}`);
      opening.push(`SAVEPOINT ${this.savepoint}`);
      this.held.unshift(...opening);
      this.heldStatements += opening.length;
      for (const c of this.checks) c.at += opening.length;
    }
    if (this.held.length === 0) return { answer: Promise.resolve(undefined) };
    return { answer: this.message() };
  }

  /** The held statements as one message, sent before this returns its first promise; its last statement's result. */
  private async message(): Promise<pg.QueryResult | undefined> {
    const text = this.held.join('; ');
    const checks = this.checks;
    const prepares = this.prepares;
    this.held = [];
    this.heldStatements = 0;
    this.checks = [];
    this.prepares = new Set();
    if (prepares.size > 0) preparing(this.batch.client, prepares, true);
    const first = !this.sent;
    this.sent = true;
    this.batch.begun = true;
    const results = await this.noted(simple(this.batch.client, text)).catch(async (err: unknown) => {
      if (prepares.size > 0) preparing(this.batch.client, prepares, false);
      throw (await this.judgedAfter(checks)) ?? err;
    });
    if (first) this.batch.savepoint = this.savepoint;
    // A check that fails leaves what ran after it in the message to the member's rollback (its savepoint).
    await this.noted(Promise.resolve().then(() => checks.forEach((c) => c.verify(results[c.at]!.rows as Row[]))));
    return results.at(-1);
  }

  /**
   * A message that failed after a held check (the lease fence) in it: the check ran first, but the server answers the
   * message's first error only. Its verdict decides what the member failed of — a write of a node that lost its lease
   * meets the new owner's rows (an event id taken, say), and it must answer as fenced, not as that conflict. The
   * member's work is rolled back to its savepoint (as its failure would anyway) and the checks run again alone.
   * Answers the check's refusal, or undefined (the message's own error stands; so does one that stops the re-run).
   */
  private async judgedAfter(checks: readonly { text: string; verify: (rows: Row[]) => void }[]): Promise<unknown> {
    if (checks.length === 0) return undefined;
    try {
      await this.batch.client.query(`ROLLBACK TO SAVEPOINT ${this.savepoint}`);
      for (const c of checks) {
        const rows = (await this.batch.client.query(c.text)).rows as Row[];
        try {
          c.verify(rows);
        } catch (refusal) {
          return refusal;
        }
      }
    } catch {
      // The connection or the savepoint is gone: the message's own error says so.
    }
    return undefined;
  }

  private async noted<X>(p: Promise<X>): Promise<X> {
    return p.catch((err: unknown) => {
      this.failed = true;
      throw err;
    });
  }
}

/** The PostgreSQL transaction that the members of a group commit share, while open. */
interface Batch {
  readonly client: pg.PoolClient;
  readonly q: Q;
  readonly kept: Kept[];
  /** Fences checked by kept members: their lease rows stay locked FOR KEY SHARE until the batch ends. */
  readonly fenced: Set<string>;
  /** When the batch's first member entered (performance.now()). */
  openedAt: number;
  /** The savepoint of the last member, while open (the next member releases it as it makes its own). */
  savepoint: string | undefined;
  /** Whether BEGIN was sent. */
  begun: boolean;
  /** Members that entered, for their savepoints' names. */
  members: number;
}

/** What the adapter hands a committed batch: it publishes its events (and tells other nodes, after the COMMIT). */
export interface CommitHooks {
  published(written: Written): void;
}

/**
 * Group commit on PostgreSQL, as the SQLite store does with its WAL: the store's transactions run one at a time
 * (the engines beside the store are in memory and their undo callbacks assume no interleaving), each in a
 * SAVEPOINT of one open PostgreSQL transaction — the batch — which commits once no transaction is waiting to run:
 * one COMMIT and one WAL flush (synchronous_commit on) for all its members, its notices sent after it. A member's promise settles
 * only after the COMMIT that made it durable; one that fails rolls back to its savepoint alone and answers at once;
 * a COMMIT that fails fails every member of the batch, and their onRollback undos run, newest first.
 *
 * Within a batch a member inherits what the kept members before it hold: the lease rows they fenced (locked FOR
 * SHARE until COMMIT, so no take-over can come between), so that costs no round trip again. Nothing a batch holds is
 * another partition's: events are numbered per customer by the partition that holds it (events.ts), with no lock or
 * counter shared by writers. A member begins at its first statement: one that runs none (a clock tick that changed
 * nothing) joins no batch and waits for nothing.
 */
export class GroupCommit {
  /** Transactions kept and COMMITs made: their ratio is the batch size. */
  readonly stats = { transactions: 0, commits: 0 };
  private readonly writer = new WriterChain();
  private batch: Batch | undefined;
  private commitScheduled = false;
  /** The last kept member's answer, judged (never rejects): the next member's first message waits for it. */
  private pending: Promise<void> = Promise.resolve();
  /** The member whose work runs now (in the writer chain). */
  private current: Member | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly gate: () => Promise<void>,
    private readonly gateway: () => StoreGate,
    private readonly hooks: CommitHooks,
  ) {}

  /**
   * Runs fn as a member of the open batch (or of a new one) and settles once that batch committed. `alone`: in a
   * PostgreSQL transaction of its own, committed at once (what it locks is not held for a batch: background
   * writes of rows several nodes write).
   *
   * Members overlap by one: a member's last message is sent without waiting for its answer, and the next member's
   * work (the engine's, the statements it builds) runs meanwhile; that member's first message waits until the one
   * before was answered. A member whose answer fails is rolled back to its savepoint alone and undone; the member
   * running meanwhile fails too (retryable) only if it touched one of the same engine partitions, whose engine it saw
   * as the failed member left it. A member that sends nothing is answered only once the member before it was judged.
   */
  async run<T>(fn: (q: Q, member: Member) => Promise<T>, alone = false): Promise<T> {
    let kept: Kept | undefined;
    const out = await this.writer.run(async () => {
      // A full batch (or one a member that runs alone must not join) commits first: the member joins the batch
      // open now or a new one, and inherits only what that batch holds.
      if (alone || this.full()) await this.commit();
      await this.gate();
      const member: Member = {
        rollbacks: [],
        settles: [],
        events: { written: undefined },
        fenced: new Set(),
        isFenced: (key) => member.fenced.has(key) || (this.batch?.fenced.has(key) ?? false),
        touched: new Set(),
        doomed: undefined,
      };
      this.current = member;
      let entered: Promise<Statements> | undefined;
      const on = (): Promise<Statements> => (entered ??= this.enter(member));
      const q: Q = {
        rows: async <R>(sql: string, params?: readonly unknown[]) => (await (await on()).run(sql, params)).rows as R[],
        changes: async (sql, params) => (await on()).changes(sql, params),
        write: async (sql, params) => (await on()).hold(sql, params),
        check: async (sql, params, verify) => (await on()).check(sql, params, verify),
      };
      let statements: Statements | undefined;
      try {
        const result = await fn(q, member);
        statements = await entered;
        this.gateway().beforeCommit();
        if (statements) {
          const { answer } = await statements.end();
          kept = this.keep(member, statements, answer);
          this.gateway().atBatch?.('between-savepoints');
        } else {
          // A member that ran no statement wrote nothing: it is as durable as it will be, once what it saw is.
          await this.judged(member);
          runSettled(member.settles, true);
        }
        return result;
      } catch (err) {
        // Settled whether it began or not (a connection being made when fn failed).
        statements ??= await entered?.catch(() => undefined);
        // Its failure is its own only if what it saw stands: the member before it is judged first.
        await this.pending;
        if (statements?.sent) await this.rollbackMember(statements.savepoint);
        runUndo(member.rollbacks);
        runSettled(member.settles, false);
        throw member.doomed === undefined ? storeError(err) : doomedError();
      } finally {
        this.current = undefined;
        if (alone) await this.commit();
        else this.scheduleCommit();
      }
    });
    await kept?.durable;
    return out;
  }

  /**
   * Resolves once the member before this one was judged; throws if this one must fail with it (it touched the same
   * partition), or if its batch was rolled back meanwhile.
   */
  private async judged(member: Member, batch?: Batch): Promise<void> {
    await this.pending;
    if (member.doomed !== undefined) throw doomedError();
    if (batch && this.batch !== batch) throw new StoreUnavailableError('the store rolled back the transaction');
  }

  /** Whether the open batch takes no more members: enough of them, or open long enough. */
  private full(): boolean {
    const b = this.batch;
    return b !== undefined && (b.kept.length >= MAX_MEMBERS || performance.now() - b.openedAt >= MAX_BATCH_MS);
  }

  /** Commits what is open and waits for every member queued so far. */
  async close(): Promise<void> {
    await this.writer.run(() => this.commit());
    await this.writer.idle();
  }

  /**
   * The member's first statement: it joins the open batch or opens one. Its SAVEPOINT (and the release of the one
   * before) travels with its first statement sent.
   */
  private async enter(member: Member): Promise<Statements> {
    let batch = this.batch;
    if (!batch) {
      const client = await this.pool.connect().catch((err: unknown) => {
        throw storeError(err);
      });
      batch = { client, q: queryOn(client), kept: [], fenced: new Set(), openedAt: performance.now(), savepoint: undefined, begun: false, members: 0 };
      this.batch = batch;
    }
    const joined = batch;
    return new Statements(joined, `member_${++joined.members}`, () => this.judged(member, joined));
  }

  /**
   * The member ran to its end and its last message is sent: it stays in the batch, and what it holds is the batch's,
   * unless that message's answer fails (then `unkeep`).
   */
  private keep(member: Member, statements: Statements, answer: Promise<void>): Kept {
    const batch = statements.batch;
    let commit!: () => void;
    let fail!: (err: unknown) => void;
    const durable = new Promise<void>((resolve, reject) => {
      commit = resolve;
      fail = reject;
    });
    const kept: Kept = {
      member,
      durable,
      over: false,
      commit: () => {
        kept.over = true;
        commit();
      },
      fail: (err) => {
        kept.over = true;
        fail(err);
      },
    };
    batch.kept.push(kept);
    this.stats.transactions++;
    for (const f of member.fenced) batch.fenced.add(f);
    this.pending = answer.then(
      () => undefined,
      (err: unknown) => this.unkeep(batch, kept, statements, err),
    );
    return kept;
  }

  /**
   * A kept member's last message failed: it leaves the batch, rolled back to its savepoint and undone; the member
   * running meanwhile is doomed if it touched one of its partitions. The undo comes first, before anything waits: a
   * member that reaches one of those partitions from now on finds its engine to be rebuilt, and reads what the
   * rollback left (its statements wait for this to end).
   */
  private async unkeep(batch: Batch, kept: Kept, statements: Statements, err: unknown): Promise<void> {
    if (kept.over) return;
    const failed = kept.member;
    const now = this.current;
    if (now && now !== failed && [...now.touched].some((p) => failed.touched.has(p))) now.doomed ??= err;
    const at = batch.kept.indexOf(kept);
    if (at >= 0) batch.kept.splice(at, 1);
    // A fence it checked itself was checked by no member before it (isFenced): none of them holds that lease row now.
    for (const f of failed.fenced) batch.fenced.delete(f);
    this.stats.transactions--;
    runUndo(failed.rollbacks);
    if (this.batch === batch) await this.rollbackMember(statements.savepoint);
    if (kept.over) return;
    runSettled(failed.settles, false);
    kept.fail(storeError(err));
  }

  /** Undoes the member in progress in the store (its savepoint, which reached the server); the kept members stay. */
  private async rollbackMember(savepoint: string): Promise<void> {
    const batch = this.batch;
    if (!batch) return;
    try {
      // Fails (and fails the batch) if its first message did not make the savepoint: nothing else can be undone.
      await batch.client.query(`ROLLBACK TO SAVEPOINT ${savepoint}; RELEASE SAVEPOINT ${savepoint}`);
      batch.savepoint = undefined;
    } catch (err) {
      this.failBatch(storeError(err));
    }
  }

  private scheduleCommit(): void {
    if (this.commitScheduled || !this.batch) return;
    this.commitScheduled = true;
    // After the I/O callbacks of this turn: transactions that arrived meanwhile join the batch before its COMMIT.
    setImmediate(() => {
      void this.writer.run(async () => {
        this.commitScheduled = false;
        await this.commit();
      });
    });
  }

  /** Commits the open batch (called in the writer chain), once its last member's answer is in. */
  private async commit(): Promise<void> {
    await this.pending;
    const batch = this.batch;
    if (!batch) return;
    this.batch = undefined;
    if (batch.kept.length === 0) {
      // Every member rolled back: nothing to make durable.
      const broken = batch.begun ? await batch.client.query('ROLLBACK').then(() => false, () => true) : false;
      batch.client.release(broken || undefined);
      return;
    }
    const written = mergeWritten(batch.kept);
    try {
      this.gateway().beforeCommit();
      this.gateway().atBatch?.('before-commit');
      // No NOTIFY in the batch: PostgreSQL serializes every committing transaction that notifies, across the whole
      // server, on one lock held through its WAL flush; the notices go after the COMMIT (notices.ts).
      const result = (await batch.client.query('COMMIT')) as unknown as pg.QueryResult;
      if (result?.command !== 'COMMIT') throw new StoreUnavailableError('the store rolled back the transaction');
    } catch (err) {
      this.batch = batch;
      this.failBatch(storeError(err));
      return;
    }
    // The COMMIT's answer comes after PostgreSQL flushed its WAL: committed and synced are one moment here.
    this.gateway().atBatch?.('after-commit');
    this.gateway().atBatch?.('after-sync');
    batch.client.release();
    this.stats.commits++;
    for (const k of batch.kept) runSettled(k.member.settles, true);
    if (written) this.hooks.published(written);
    for (const k of batch.kept) k.commit();
  }

  /** Rolls the whole batch back: every kept member fails with err, its in-memory effects undone (newest first). */
  private failBatch(err: unknown): unknown {
    const batch = this.batch;
    this.batch = undefined;
    if (!batch) return err;
    // Rolled back before the connection goes back to the pool; one that cannot be is dropped.
    void batch.client.query('ROLLBACK').then(
      () => batch.client.release(),
      () => batch.client.release(true),
    );
    for (const k of [...batch.kept].reverse()) {
      if (k.over) continue;
      runUndo(k.member.rollbacks);
      runSettled(k.member.settles, false);
      k.fail(err);
    }
    return err;
  }
}

function mergeWritten(kept: Kept[]): Written | undefined {
  let out: Written | undefined;
  for (const { member } of kept) {
    const w = member.events.written;
    if (!w) continue;
    out ??= { accountIds: new Set(), deliveries: false };
    for (const a of w.accountIds) out.accountIds.add(a);
    if (w.deliveries) out.deliveries = true;
  }
  return out;
}

/** The answer of a member that saw an engine partition as a member that failed left it: retryable, it changed nothing. */
function doomedError(): StoreUnavailableError {
  return new StoreUnavailableError('a transaction before it in its batch failed on a partition it used');
}
