import type { Clock } from '../engine/clock.js';
import { ApiError } from '../errors/api-error.js';
import type { CustomerRecord, Store, Tx } from '../store/port.js';
import { newId } from '../kernel/ids.js';

export class CustomerService {
  constructor(
    private readonly store: Pick<Store, 'getCustomer' | 'listCustomers' | 'transaction'>,
    private readonly clock: Clock,
    /** Told when a customer's API access was switched (open streams re-check their credentials at once). */
    private readonly onAccessChanged: () => void = () => undefined,
  ) {}

  async create(name: string): Promise<CustomerRecord> {
    return this.store.transaction((tx) => this.insert(tx, name));
  }

  /** A new customer, written in the caller's transaction (a sign-up makes its user in the same one). */
  async insert(tx: Tx, name: string): Promise<CustomerRecord> {
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > 200) {
      throw new ApiError('invalid_request', { message: 'name must be 1 to 200 characters', details: { field: 'name' } });
    }
    const customer: CustomerRecord = {
      id: newId('cus'),
      number: await tx.nextSequence('customer_number', 1001),
      name: trimmed,
      api_enabled: true,
      created_at: this.clock.now(),
    };
    await tx.insertCustomer(customer);
    return customer;
  }

  async require(id: string): Promise<CustomerRecord> {
    const c = await this.store.getCustomer(id);
    if (!c) throw new ApiError('route_not_found', { message: `no customer ${id}`, details: { customer_id: id } });
    return c;
  }

  list(): Promise<CustomerRecord[]> {
    return this.store.listCustomers();
  }

  async setApiEnabled(id: string, enabled: boolean): Promise<CustomerRecord> {
    await this.require(id);
    await this.store.transaction((tx) => tx.setCustomerApiEnabled(id, enabled));
    this.onAccessChanged();
    return this.require(id);
  }
}
