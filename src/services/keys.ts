import type { Clock } from '../engine/clock.js';
import { ApiError } from '../errors/api-error.js';
import type { Environment } from '../schemas/common.js';
import type { Access, AccountRecord, KeyRecord, Store } from '../store/port.js';
import type { AccountService } from './accounts.js';
import { hashSecret, newId, newKeySecret } from './credentials.js';
import type { CustomerService } from './customers.js';
import { normalizeFences, type FenceInput } from './fences.js';

export interface KeyInput extends FenceInput {
  environment: Environment;
  access: Access;
  name?: string | undefined;
  expires_at?: number | null | undefined;
}

/** A key record as the operator sees it: never the secret, never its hash. */
export type KeyView = KeyRecord;

export class KeyService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly customers: CustomerService,
    private readonly accounts: AccountService,
    private readonly marketIds: ReadonlySet<string>,
    private readonly onAccountOpened: () => void,
  ) {}

  /** Creates a key; the customer's first sandbox key also opens the first sandbox account (SPEC 3). */
  async create(customerId: string, input: KeyInput): Promise<{ record: KeyView; key: string; opened_account: AccountRecord | null }> {
    const customer = await this.customers.require(customerId);
    const fences = normalizeFences(input, this.marketIds);
    const now = this.clock.now();
    if (input.expires_at !== undefined && input.expires_at !== null && (!Number.isSafeInteger(input.expires_at) || input.expires_at <= now)) {
      throw new ApiError('invalid_request', { message: 'expires_at must be a future time in Unix ms', details: { field: 'expires_at' } });
    }
    const secret = newKeySecret(input.environment);
    const record: KeyRecord = {
      id: newId('key'),
      customer_id: customer.id,
      name: (input.name ?? '').trim() || `${input.environment} ${input.access} key`,
      environment: input.environment,
      access: input.access,
      ...fences,
      expires_at: input.expires_at ?? null,
      revoked_at: null,
      created_at: now,
      last_used_at: null,
      prefix: secret.slice(0, 12),
    };
    const opened = await this.store.transaction(async (tx) => {
      const firstSandboxKey = input.environment === 'sandbox' && (await tx.countKeys(customer.id, 'sandbox')) === 0;
      await tx.insertKey({ ...record, hash: hashSecret(secret) });
      if (firstSandboxKey && (await tx.countAccounts(customer.id, 'sandbox')) === 0) {
        return this.accounts.openSandbox(tx, customer);
      }
      return null;
    });
    if (opened) this.onAccountOpened();
    return { record, key: secret, opened_account: opened };
  }

  async revoke(id: string): Promise<KeyView> {
    const key = await this.store.getKey(id);
    if (!key) throw new ApiError('route_not_found', { message: `no key ${id}`, details: { key_id: id } });
    await this.store.transaction((tx) => tx.revokeKey(id, this.clock.now()));
    return (await this.store.getKey(id)) as KeyView;
  }

  async list(customerId: string): Promise<KeyView[]> {
    await this.customers.require(customerId);
    return this.store.listKeys(customerId);
  }
}
