import type { Clock } from '../../engine/clock.js';
import { ApiError } from '../../errors/api-error.js';
import type { CustomerRecord, SessionRecord, Store, UserRecord } from '../../store/port.js';
import { newId } from '../../kernel/ids.js';
import type { LockOut } from './lockout.js';
import { checkPassword, DUMMY_HASH, hashPassword, type PasswordHasher } from './passwords.js';
import { isEmail, normalizeEmail } from './secrets.js';

export interface UserView {
  id: string;
  customer_id: string;
  email: string;
  password_changed_at: number;
  created_at: number;
}

export const userView = (u: UserRecord): UserView => ({
  id: u.id,
  customer_id: u.customer_id,
  email: u.email,
  password_changed_at: u.password_changed_at,
  created_at: u.created_at,
});

/** The dashboard's people: sign-in with lock-out, the demo user, password change (sign-up: sign-ups.ts). */
export class UserService {
  constructor(
    private readonly store: Pick<Store, 'findUserByEmail' | 'getCustomer' | 'transaction'>,
    private readonly clock: Clock,
    private readonly lockOut: LockOut,
    private readonly passwords: PasswordHasher,
    /** Told when credentials were revoked (open account streams re-check at once). */
    private readonly accessChanged: () => void,
  ) {}

  /**
   * The bootstrap's demo user (CONTRACT §9): the operator's or a generated password, no rules beyond that. Its
   * address is the operator's own, so it needs no confirming.
   */
  async createDemo(customerId: string, email: string, password: string): Promise<UserRecord> {
    const now = this.clock.now();
    const user: UserRecord = {
      id: newId('usr'),
      customer_id: customerId,
      email: normalizeEmail(email),
      password_hash: await hashPassword(password),
      password_changed_at: now,
      created_at: now,
    };
    await this.store.transaction((tx) => tx.insertUser(user));
    return user;
  }

  /**
   * invalid_credentials for a wrong email or password: the same answer after the same work (a known email's hash or
   * the dummy hash, the failure counted by the email either way). The lock-out first, keyed by the email whether or
   * not it has a user, so it shows the same for both. A sign-up not yet confirmed has no user: it fails as unknown.
   */
  async signIn(address: string, emailInput: string, password: string): Promise<{ user: UserRecord; customer: CustomerRecord }> {
    const email = normalizeEmail(emailInput);
    await this.lockOut.check(address, email);
    const user = isEmail(email) ? await this.store.findUserByEmail(email) : undefined;
    const passed = await this.passwords.verify(password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !passed) {
      await this.lockOut.failed(address, email);
      throw new ApiError('invalid_credentials');
    }
    await this.lockOut.succeeded(address, email);
    return { user, customer: await this.customerOf(user) };
  }

  async customerOf(user: UserRecord): Promise<CustomerRecord> {
    const customer = await this.store.getCustomer(user.customer_id);
    if (!customer) throw new ApiError('session_required');
    return customer;
  }

  /**
   * A new password: every other session of the user ends, and the app tokens the user granted (the dashboard's
   * tokens) are revoked (SPEC: revoked_token, ended by a new password).
   */
  async changePassword(user: UserRecord, current: SessionRecord, currentPassword: string, newPassword: string): Promise<void> {
    if (!(await this.passwords.verify(currentPassword, user.password_hash))) {
      throw new ApiError('invalid_credentials', { message: 'The current password is not right.', details: { field: 'current_password' } });
    }
    checkPassword(newPassword, user.email, 'new_password');
    const passwordHash = await this.passwords.hash(newPassword);
    const now = this.clock.now();
    await this.store.transaction(async (tx) => {
      await tx.setUserPassword(user.id, passwordHash, now);
      await tx.revokeSessionsOfUser(user.id, current.id, now);
      await tx.revokeCredentialsBy({ user_id: user.id }, now);
    });
    this.accessChanged();
  }
}
