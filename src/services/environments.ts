import type { Environment } from '../schemas/common.js';
import type { EnvironmentState, Store } from '../store/port.js';

/** The operator's switches per environment: the host takes requests; sandbox accounts are being opened. */
export class EnvironmentService {
  private readonly states: Record<Environment, EnvironmentState> = {
    live: { environment: 'live', enabled: true, sandbox_opening: true },
    sandbox: { environment: 'sandbox', enabled: true, sandbox_opening: true },
  };

  constructor(private readonly store: Store) {}

  async load(): Promise<void> {
    for (const s of await this.store.listEnvironmentStates()) this.states[s.environment] = s;
  }

  get(environment: Environment): EnvironmentState {
    return this.states[environment];
  }

  async set(environment: Environment, patch: { enabled?: boolean | undefined; sandbox_opening?: boolean | undefined }): Promise<EnvironmentState> {
    const next: EnvironmentState = {
      ...this.states[environment],
      ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
      ...(patch.sandbox_opening !== undefined ? { sandbox_opening: patch.sandbox_opening } : {}),
    };
    await this.store.transaction((tx) => tx.setEnvironmentState(next));
    this.states[environment] = next;
    return next;
  }
}
