import type { EngineHost } from '../engine-host/host.js';
import type { EngineAnswer, EngineCommand, EnginePort, EngineQuery, ExecuteOptions, QueryAnswer, QueryResultOf, ResultOf } from '../engine-host/port.js';
import type { Environment } from '../schemas/common.js';
import { OwnerUnavailableError, type PartitionRouter } from './forwarding.js';

/** The account a command acts for (null: the operator's restart, which acts on the partitions held here). */
export function accountOfCommand(c: EngineCommand): string | null {
  if ('account_id' in c) return c.account_id;
  if (c.kind === 'record_unconfirmed' || c.kind === 'settle_unconfirmed') return c.place.account_id;
  return null;
}

/**
 * The engine-host port on a node of a cluster: a command or query about an account whose partition this node
 * holds runs here; any other is sent to the partition's owner over the internal listener (the same plain JSON the
 * port takes). A caller's transaction cannot travel: a command given one runs only where its partition is held
 * (public requests about an account are forwarded whole to the owner before they open one).
 */
export class ClusterEngine implements EnginePort {
  constructor(
    private readonly local: EnginePort,
    private readonly host: EngineHost,
    private readonly router: PartitionRouter,
    /** How long a forwarded command may take beyond the engine's own answer wait (store, network). */
    private readonly slackMs: number,
  ) {}

  admit(env: Environment, cmd: EngineCommand, opts: ExecuteOptions): Promise<void> {
    return this.local.admit(env, cmd, opts);
  }

  isUp(env: Environment): boolean {
    return this.local.isUp(env);
  }

  async execute<C extends EngineCommand>(env: Environment, cmd: C, opts: ExecuteOptions): Promise<EngineAnswer<ResultOf<C>>> {
    const account = accountOfCommand(cmd);
    // An account no store knows is the local engine's to refuse (account_not_found), as on any node.
    if (account === null || !(await this.host.know(account)) || this.host.holds(env, account)) return this.local.execute(env, cmd, opts);
    if (opts.tx) throw new OwnerUnavailableError(`the ${env} engine partition of ${account} moved to another node during the request`);
    const { status, body } = await this.router.send<EngineAnswer<ResultOf<C>>>(
      env,
      this.host.partitionOf(account),
      '/internal/v1/execute',
      { environment: env, command: cmd, timeout_ms: opts.timeoutMs },
      opts.timeoutMs + this.slackMs,
    );
    if (status !== 200) throw new OwnerUnavailableError(`the partition owner answered ${status}`);
    return body;
  }

  async query<Q extends EngineQuery>(env: Environment, q: Q): Promise<QueryAnswer<QueryResultOf<Q>>> {
    const account = (q as { account_id?: unknown }).account_id;
    if (typeof account !== 'string' || !(await this.host.know(account)) || this.host.holds(env, account)) return this.local.query(env, q);
    const { status, body } = await this.router.send<QueryAnswer<QueryResultOf<Q>>>(
      env,
      this.host.partitionOf(q.account_id),
      '/internal/v1/query',
      { environment: env, query: q },
      this.slackMs,
    );
    if (status !== 200) throw new OwnerUnavailableError(`the partition owner answered ${status}`);
    return body;
  }
}
