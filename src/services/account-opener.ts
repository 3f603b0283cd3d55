import type { FastifyBaseLogger } from 'fastify';
import type { Environment } from '../schemas/common.js';
import type { AccountRecord, Store } from '../store/port.js';

/**
 * Opens accounts (pending → active) once the trading engine of their environment is up to take them; an engine
 * that is down opens nothing.
 */
export class AccountOpener {
  private poll: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private started = false;
  constructor(
    private readonly store: Pick<Store, 'listAccountsByStatus' | 'transaction'>,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
    /** Whether the engine of an environment is up (the engine-host port says). */
    private readonly isUp: (env: Environment) => boolean = () => true,
    /** Told of accounts just opened (the trading engine takes them on; a cluster tells the other nodes). */
    private readonly onActivated: (accounts: AccountRecord[]) => void | Promise<void> = () => undefined,
  ) {}

  /** Per environment, whether its engine is up (`/v1/status`). */
  get up(): Readonly<Record<Environment, boolean>> {
    return { live: this.isUp('live'), sandbox: this.isUp('sandbox') };
  }

  /** Opens pending accounts soon: right after a request committed one, and on a poll for the CLI's. */
  kick(): void {
    // Only a serving process opens accounts; the CLI leaves them to the server's poll.
    if (!this.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.activatePending()
      .catch((err: unknown) => this.log.warn({ err }, 'opening pending accounts failed; will retry'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Waits until no activation runs (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async activatePending(): Promise<void> {
    const pending = (await this.store.listAccountsByStatus('pending')).filter((a) => this.isUp(a.environment));
    if (pending.length === 0) return;
    await this.store.transaction(async (tx) => {
      for (const a of pending) await tx.updateAccount(a.id, { status: 'active' }, this.now());
    });
    await this.onActivated(pending);
  }

  start(pollMs: number): void {
    this.started = true;
    this.kick();
    this.poll = setInterval(() => this.kick(), pollMs);
    this.poll.unref();
  }

  async stop(): Promise<void> {
    if (this.poll) clearInterval(this.poll);
    await this.settle();
  }
}
