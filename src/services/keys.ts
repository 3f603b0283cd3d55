import type { Environment } from '../schemas/common.js';
import type { Access, AccountRecord, CredentialRecord, Fences, Store } from '../store/port.js';
import type { AccountService } from './accounts.js';
import type { CredentialService } from './credential-service.js';
import type { CustomerService } from './customers.js';
import type { FenceInput } from './fences.js';

export interface KeyInput extends FenceInput {
  environment: Environment;
  access: Access;
  name?: string | undefined;
  expires_at?: number | null | undefined;
}

/** A key record as the operator sees it (CONTRACT §2): never the secret, never its hash. */
export interface KeyView extends Fences {
  id: string;
  customer_id: string;
  name: string;
  environment: Environment;
  access: Access;
  expires_at: number | null;
  revoked_at: number | null;
  created_at: number;
  last_used_at: number | null;
  prefix: string;
}

/** What a key and a token record show alike, in the order both show it: access, fences, life. */
export function grantView(c: CredentialRecord): Omit<KeyView, 'id' | 'customer_id' | 'name' | 'environment'> {
  return {
    access: c.access,
    markets: c.markets,
    reduce_only: c.reduce_only,
    max_order_usd: c.max_order_usd,
    max_position_usd: c.max_position_usd,
    loss_stop_usd: c.loss_stop_usd,
    ip_allowlist: c.ip_allowlist,
    expires_at: c.expires_at,
    revoked_at: c.revoked_at,
    created_at: c.created_at,
    last_used_at: c.last_used_at,
    prefix: c.prefix,
  };
}

export function keyView(c: CredentialRecord): KeyView {
  return { id: c.id, customer_id: c.customer_id, name: c.name, environment: c.environment, ...grantView(c) };
}

/** API keys: what only keys do (the first sandbox key opens the first sandbox account); the rest is shared. */
export class KeyService {
  constructor(
    private readonly store: Pick<Store, 'transaction'>,
    private readonly credentials: CredentialService,
    private readonly customers: CustomerService,
    private readonly accounts: AccountService,
    private readonly onAccountOpened: () => void,
  ) {}

  /** Creates a key; the customer's first sandbox key also opens the first sandbox account (SPEC 3). */
  async create(customerId: string, input: KeyInput): Promise<{ record: KeyView; key: string; opened_account: AccountRecord | null }> {
    const name = (input.name ?? '').trim() || `${input.environment} ${input.access} key`;
    const { customer, stored, secret } = await this.credentials.draft('key', customerId, { ...input, name });
    const opened = await this.store.transaction(async (tx) => {
      const firstSandboxKey = input.environment === 'sandbox' && (await tx.countCredentials(customer.id, 'key', 'sandbox')) === 0;
      await this.credentials.insert(tx, stored);
      if (firstSandboxKey && (await tx.countAccounts(customer.id, 'sandbox')) === 0) {
        return this.accounts.openSandbox(tx, customer);
      }
      return null;
    });
    if (opened) this.onAccountOpened();
    return { record: keyView(stored), key: secret, opened_account: opened };
  }

  async revoke(id: string): Promise<KeyView> {
    return keyView(await this.credentials.revoke('key', id));
  }

  async list(customerId: string): Promise<KeyView[]> {
    await this.customers.require(customerId);
    return (await this.credentials.list(customerId, 'key')).map(keyView);
  }
}
