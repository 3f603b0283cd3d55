import { ApiError } from '../errors/api-error.js';
import type { Environment } from '../schemas/common.js';
import type { EnvironmentState, Store } from '../store/port.js';

/** The operator's switches per environment: the host takes requests; sandbox accounts are being opened. */
export class EnvironmentService {
  private readonly states: Record<Environment, EnvironmentState> = {
    live: { environment: 'live', enabled: true, sandbox_opening: true },
    sandbox: { environment: 'sandbox', enabled: true, sandbox_opening: true },
  };

  constructor(
    private readonly store: Pick<Store, 'listEnvironmentStates' | 'transaction'>,
    /** Told after a change is stored (open account streams of a host switched off end). */
    private readonly onChange: (state: EnvironmentState) => void = () => undefined,
  ) {}

  async load(): Promise<void> {
    for (const s of await this.store.listEnvironmentStates()) this.states[s.environment] = s;
  }

  /** Reads the states again (another node changed them) and tells each as a change. */
  async reload(): Promise<void> {
    await this.load();
    for (const s of Object.values(this.states)) this.onChange(s);
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
    this.onChange(next);
    return next;
  }
}

/** What a request to a host the operator switched off is answered (and how its open streams end). */
export function environmentDisabled(environment: Environment, publicUrl: Readonly<Record<Environment, string>>): ApiError {
  return new ApiError('environment_disabled', { details: { status_url: `${publicUrl[environment]}/v1/status` } });
}
