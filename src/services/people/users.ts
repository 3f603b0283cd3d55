import type { Clock } from '../../engine/clock.js';
import { ApiError } from '../../errors/api-error.js';
import type { CustomerRecord, SessionRecord, Store, UserRecord } from '../../store/port.js';
import { newId } from '../credentials.js';
import type { CustomerService } from '../customers.js';
import type { InvitationService } from './invitations.js';
import type { LockOut } from './lockout.js';
import { checkPassword, DUMMY_HASH, hashPassword, verifyPassword } from './passwords.js';
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

export interface SignUp {
  email: string;
  password: string;
  invitation?: string | undefined;
}

/** The dashboard's people: sign-up (open or by invitation), sign-in with lock-out, password change. */
export class UserService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly customers: CustomerService,
    private readonly invitations: InvitationService,
    private readonly lockOut: LockOut,
    private readonly signup: 'open' | 'invite',
    /** Told when credentials were revoked (open account streams re-check at once). */
    private readonly accessChanged: () => void,
  ) {}

  /** A new user: with an invitation it joins the invitation's customer (or a new one); open sign-up makes a customer. */
  async signUp(input: SignUp): Promise<{ user: UserRecord; customer: CustomerRecord }> {
    const email = normalizeEmail(input.email);
    if (!isEmail(email)) throw new ApiError('invalid_request', { message: 'email must be an email address', details: { field: 'email' } });
    if (this.signup === 'invite' && input.invitation === undefined) throw new ApiError('signup_closed');
    checkPassword(input.password, email);
    if (await this.store.findUserByEmail(email)) throw new ApiError('email_taken');
    const passwordHash = await hashPassword(input.password);
    return this.store.transaction(async (tx) => {
      // Two sign-ups of one email on two nodes: one at a time, the second sees the first.
      await tx.lock(`user_email:${email}`);
      if (await tx.findUserByEmail(email)) throw new ApiError('email_taken');
      const invitation = input.invitation === undefined ? undefined : await this.invitations.consume(tx, input.invitation, email);
      const customer = invitation?.customer_id ? await tx.getCustomer(invitation.customer_id) : await this.customers.insert(tx, email.slice(0, 200));
      if (!customer) throw new ApiError('invalid_invitation', { details: { reason: 'unknown' } });
      const now = this.clock.now();
      const user: UserRecord = {
        id: newId('usr'),
        customer_id: customer.id,
        email,
        password_hash: passwordHash,
        password_changed_at: now,
        failed_sign_ins: 0,
        locked_until: null,
        created_at: now,
      };
      await tx.insertUser(user);
      return { user, customer };
    });
  }

  /** The bootstrap's demo user (CONTRACT §9): the operator's or a generated password, no rules beyond that. */
  async createDemo(customerId: string, email: string, password: string): Promise<UserRecord> {
    const now = this.clock.now();
    const user: UserRecord = {
      id: newId('usr'),
      customer_id: customerId,
      email: normalizeEmail(email),
      password_hash: await hashPassword(password),
      password_changed_at: now,
      failed_sign_ins: 0,
      locked_until: null,
      created_at: now,
    };
    await this.store.transaction((tx) => tx.insertUser(user));
    return user;
  }

  /** invalid_credentials for a wrong email or password (the same answer, in about the same time); lock-out first. */
  async signIn(emailInput: string, password: string): Promise<{ user: UserRecord; customer: CustomerRecord }> {
    const email = normalizeEmail(emailInput);
    const user = isEmail(email) ? await this.store.findUserByEmail(email) : undefined;
    if (!user) {
      await verifyPassword(password, DUMMY_HASH);
      throw new ApiError('invalid_credentials');
    }
    this.lockOut.check(user);
    if (!(await verifyPassword(password, user.password_hash))) {
      await this.lockOut.failed(user);
      throw new ApiError('invalid_credentials');
    }
    await this.lockOut.succeeded(user);
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
    if (!(await verifyPassword(currentPassword, user.password_hash))) {
      throw new ApiError('invalid_credentials', { message: 'The current password is not right.', details: { field: 'current_password' } });
    }
    checkPassword(newPassword, user.email, 'new_password');
    const passwordHash = await hashPassword(newPassword);
    const now = this.clock.now();
    await this.store.transaction(async (tx) => {
      await tx.setUserPassword(user.id, passwordHash, now);
      await tx.revokeSessionsOfUser(user.id, current.id, now);
      await tx.revokeCredentialsBy({ user_id: user.id }, now);
    });
    this.accessChanged();
  }
}
