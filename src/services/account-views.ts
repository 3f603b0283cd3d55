import { figuresFromJson, type AccountView } from '../engine/account-view.js';
import type { EngineHost } from '../engine-host/host.js';
import type { EnginePort } from '../engine-host/port.js';
import type { Environment } from '../schemas/common.js';
import type { AccountRecord } from '../store/port.js';
import type { AccountService } from './accounts.js';

/**
 * An account as REST shows it, with its engine figures from whichever node holds its partition: this node's
 * engine from memory, another node's through the engine port.
 */
export class AccountViews {
  constructor(
    private readonly host: Pick<EngineHost, 'learn' | 'holds' | 'quiet' | 'writesBegun' | 'unchangedSince'>,
    private readonly accounts: Pick<AccountService, 'view' | 'json' | 'reachable'>,
    private readonly engine: Pick<EnginePort, 'query'>,
  ) {}

  /** The account with its figures (a refusal of the owner is the caller's 503: a view without them would show a
   * stale equity as if it were current). */
  async view(record: AccountRecord): Promise<AccountView> {
    this.host.learn(record);
    if (this.host.holds(record.environment, record.id)) return this.accounts.view(record);
    const a = await this.engine.query(record.environment, { kind: 'figures', account_id: record.id });
    return this.accounts.view(record, a.outcome === 'done' ? figuresFromJson(a.result.figures) : {});
  }

  /**
   * The account as JSON (`serialize`: the route's compiled Account serializer), for a caller of `customerId`. This
   * node's engine answers from memory once no transaction that changed the account is in flight
   * (engine-host/in-flight.ts): nothing is shown before it is on disk, everything answered before is.
   */
  async json(id: string, customerId: string, environment: Environment, serialize: (view: AccountView) => string): Promise<string> {
    for (;;) {
      const busy = this.host.quiet(id);
      if (busy) await busy;
      const mark = this.host.writesBegun(id);
      const record = await this.accounts.reachable(id, customerId, environment);
      this.host.learn(record);
      if (!this.host.holds(environment, id)) return serialize(await this.view(record));
      // The record was read across an await: it goes with the figures now only if no write began meanwhile.
      if (this.host.unchangedSince(id, mark)) return this.accounts.json(record, serialize);
    }
  }
}
