import type { AccountRecord, CustomerRecord, StoredCredential, WebhookRecord } from '../port.js';

/**
 * Records read on every request (credentials by hash, customers, accounts), kept as frozen objects. A write
 * through this store drops the entry it changes (the query modules do, on the maps directly); a rollback drops
 * them all (durability calls `clear`); a commit by another connection (the operator CLI works on the same file)
 * is seen through PRAGMA data_version when a read asks for the cache (`fresh`) and drops them all.
 */
export class RecordCache {
  /** By hash. */
  readonly credentials = new Map<string, StoredCredential>();
  readonly customers = new Map<string, CustomerRecord>();
  readonly accounts = new Map<string, AccountRecord>();
  /** Every webhook endpoint (few; read by each delivery pass). */
  webhooks: WebhookRecord[] | undefined;
  /** `<environment>/<customer id>` of every endpoint in `webhooks`, made from it when first asked. */
  private endpointsOf: { of: WebhookRecord[]; keys: Set<string> } | undefined;

  /** `changedElsewhere` answers whether another connection committed since it last answered. */
  constructor(private readonly changedElsewhere: () => boolean) {}

  /** The cache for a read, after dropping it if another connection committed since the last look. */
  fresh(): this {
    if (this.changedElsewhere()) this.clear();
    return this;
  }

  clear(): void {
    this.credentials.clear();
    this.customers.clear();
    this.accounts.clear();
    this.webhooks = undefined;
  }

  /**
   * Whether the customer has an endpoint in the environment, from the cached endpoints (undefined when they are not
   * cached: the caller asks the store). A write of an endpoint drops `webhooks`, so the answer is never older than
   * the connection's own writes, committed or not.
   */
  hasEndpoint(environment: string, customerId: string): boolean | undefined {
    const all = this.webhooks;
    if (!all) return undefined;
    if (this.endpointsOf?.of !== all) this.endpointsOf = { of: all, keys: new Set(all.map((w) => `${w.environment}/${w.customer_id}`)) };
    return this.endpointsOf.keys.has(`${environment}/${customerId}`);
  }
}

/** Caches a record, frozen: a caller that changed it would change every later read. */
export function remember<K, V>(cache: Map<K, V>, key: K, value: V): V {
  cache.set(key, deepFreeze(value));
  return value;
}

export function deepFreeze<V>(value: V): V {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
