import type { Clock } from '../../engine/clock.js';
import { ApiError } from '../../errors/api-error.js';
import type { CustomerRecord, SignUpRecord, Store, UserRecord } from '../../store/port.js';
import { newId } from '../../kernel/ids.js';
import type { CustomerService } from '../customers.js';
import { attemptSubject, type Attempts } from './attempts.js';
import type { InvitationService } from './invitations.js';
import type { Mailer } from './mailer.js';
import { checkPassword, type PasswordHasher } from './passwords.js';
import { isEmail, maskEmail, newSecret, normalizeEmail, secretHash } from './secrets.js';

/** docs/SECURITY.md items 7 and 8: a sign-up waits a day for its address to be confirmed. */
export const SIGN_UP_LIFETIME_MS = 24 * 3_600_000;
/** Sign-up mails (a link, or "someone tried") to one address: at most 3 an hour. */
export const SIGN_UP_MAILS_PER_HOUR = 3;
const HOUR_MS = 3_600_000;
/**
 * Sign-ups are dropped a week after they lapsed (until then a lapsed link answers `expired`, not `wrong`), a batch per
 * sign-up: the sweep rides on the sign-up's own transaction.
 */
const SWEEP_AFTER_MS = 7 * 24 * 3_600_000;
const SWEEP_BATCH = 100;

export interface SignUp {
  email: string;
  password: string;
  invitation?: string | undefined;
}

/** What a sign-up answers: the same mail notice whoever has the address, or (with an invitation) the new user. */
export type SignUpOutcome = { mailed: { sent_to: string } } | { made: { user: UserRecord; customer: CustomerRecord } };

const newUser = (customerId: string, email: string, passwordHash: string, now: number): UserRecord => ({
  id: newId('usr'),
  customer_id: customerId,
  email,
  password_hash: passwordHash,
  password_changed_at: now,
  created_at: now,
});

/**
 * Sign-up that says nothing about who has an account and cannot be turned into a mail bomb. Open sign-up answers
 * every well-formed request alike — 202 "check your mail" after the same work (the password is hashed either way) —
 * and mails the address: a new address gets a link that makes the customer and user once it is opened with the
 * password chosen (so a sign-up someone else started for your address cannot become an account with their
 * password); an address that has a user gets "someone tried to sign up with your address" and nothing changes. At
 * most 3 such mails an hour go to one address. An invitation was itself mailed to its address by the operator, so a
 * sign-up with a valid one makes the user at once.
 */
export class SignUpService {
  private readonly base: string;

  constructor(
    private readonly store: Pick<Store, 'findSignUpByHash' | 'transaction'>,
    private readonly clock: Clock,
    private readonly customers: CustomerService,
    private readonly invitations: InvitationService,
    private readonly mailer: Mailer,
    private readonly attempts: Attempts,
    private readonly passwords: PasswordHasher,
    private readonly signup: 'open' | 'invite',
    dashboardUrl: string,
  ) {
    this.base = dashboardUrl.replace(/\/+$/, '');
  }

  async start(input: SignUp): Promise<SignUpOutcome> {
    const email = normalizeEmail(input.email);
    if (!isEmail(email)) throw new ApiError('invalid_request', { message: 'email must be an email address', details: { field: 'email' } });
    if (this.signup === 'invite' && input.invitation === undefined) throw new ApiError('signup_closed');
    checkPassword(input.password, email);
    // Before any costly work, and whoever has the address: the limit shows nothing of who exists. (An invitation's
    // sign-up mails only when the address has a user: it spends there.)
    if (input.invitation === undefined) await this.spendMail(email);
    const passwordHash = await this.passwords.hash(input.password);
    if (input.invitation !== undefined) {
      const made = await this.withInvitation(email, input.invitation, passwordHash);
      if (made) return { made };
    } else {
      await this.waitForLink(email, passwordHash);
    }
    return { mailed: { sent_to: maskEmail(email) } };
  }

  /**
   * Completes an open sign-up from its mailed link: invalid_email_code (reason wrong, expired, used) for a link that
   * is not a live one, invalid_credentials unless the password is the one chosen at sign-up.
   */
  async confirm(token: string, password: string): Promise<{ user: UserRecord; customer: CustomerRecord }> {
    const pending = await this.store.findSignUpByHash(secretHash(token));
    const now = this.clock.now();
    if (!pending) throw linkRefused('wrong');
    if (pending.used_at !== null) throw linkRefused('used');
    if (pending.expires_at <= now) throw linkRefused('expired');
    if (!(await this.passwords.verify(password, pending.password_hash))) {
      throw new ApiError('invalid_credentials', { message: 'The password is not the one chosen at sign-up.', details: { field: 'password' } });
    }
    return this.store.transaction(async (tx) => {
      // Two links of one address opened on two nodes: one at a time, the second sees the first's user.
      await tx.lock(`user_email:${pending.email}`);
      if (!(await tx.useSignUp(pending.id, this.clock.now())) || (await tx.findUserByEmail(pending.email))) throw linkRefused('used');
      const customer = await this.customers.insert(tx, pending.email.slice(0, 200));
      const user = newUser(customer.id, pending.email, pending.password_hash, this.clock.now());
      await tx.insertUser(user);
      return { user, customer };
    });
  }

  /** A new address gets a sign-up waiting for its link; a taken one, a note. The same mail count, one transaction each. */
  private async waitForLink(email: string, passwordHash: string): Promise<void> {
    const token = `rsu_${newSecret()}`;
    const now = this.clock.now();
    const taken = await this.store.transaction(async (tx) => {
      await tx.deleteExpiredSignUps(now - SWEEP_AFTER_MS, SWEEP_BATCH);
      if (await tx.findUserByEmail(email)) return true;
      const record: SignUpRecord = { id: newId('sup'), email, password_hash: passwordHash, hash: secretHash(token), expires_at: now + SIGN_UP_LIFETIME_MS, used_at: null, created_at: now };
      await tx.insertSignUp(record);
      return false;
    });
    await this.mailer.send(taken ? this.triedMail(email) : this.linkMail(email, token));
  }

  /**
   * The invitation's user, made now; or, when the address has a user already, the note (the invitation kept). The
   * invitation is judged first, so a made-up one is refused alike whoever has the address.
   */
  private async withInvitation(email: string, token: string, passwordHash: string): Promise<{ user: UserRecord; customer: CustomerRecord } | undefined> {
    const taken = new Error('the address has a user');
    try {
      return await this.store.transaction(async (tx) => {
        await tx.lock(`user_email:${email}`);
        const invitation = await this.invitations.consume(tx, token, email);
        // Thrown to roll the invitation's use back: it stays for the person it was meant for.
        if (await tx.findUserByEmail(email)) throw taken;
        const customer = invitation.customer_id ? await tx.getCustomer(invitation.customer_id) : await this.customers.insert(tx, email.slice(0, 200));
        if (!customer) throw new ApiError('invalid_invitation', { details: { reason: 'unknown' } });
        const user = newUser(customer.id, email, passwordHash, this.clock.now());
        await tx.insertUser(user);
        return { user, customer };
      });
    } catch (err) {
      if (err !== taken) throw err;
      await this.spendMail(email);
      await this.mailer.send(this.triedMail(email));
      return undefined;
    }
  }

  /** One of the address's sign-up mails this hour; rate_limited (scope email) past SIGN_UP_MAILS_PER_HOUR. */
  private async spendMail(email: string): Promise<void> {
    const wait = await this.attempts.spend(attemptSubject('sign_up_mail', email), SIGN_UP_MAILS_PER_HOUR, HOUR_MS);
    if (wait > 0) {
      throw new ApiError('rate_limited', {
        message: `At most ${SIGN_UP_MAILS_PER_HOUR} sign-up mails an hour go to one address: try again later.`,
        details: { scope: 'email', limit: SIGN_UP_MAILS_PER_HOUR },
        retryAfter: Math.ceil(wait / 1000),
      });
    }
  }

  private linkMail(email: string, token: string) {
    return {
      to: email,
      subject: 'Confirm your email for Rampart',
      text:
        `To finish signing up to Rampart, open this link within 24 hours and enter the password you chose:\n\n` +
        `  ${this.base}/verify-email#token=${token}\n\n` +
        `If you did not sign up, ignore this mail: no account is made without it.\n`,
    };
  }

  private triedMail(email: string) {
    return {
      to: email,
      subject: 'Someone tried to sign up to Rampart with your address',
      text:
        `Someone — perhaps you — tried to sign up to Rampart with this address, which already has an account. ` +
        `Nothing was changed.\n\nIf it was you, sign in at ${this.base}/sign-in.\n`,
    };
  }
}

function linkRefused(reason: 'wrong' | 'expired' | 'used'): ApiError {
  const message = {
    wrong: 'The link is not one we sent: open the newest link from your mail.',
    expired: 'The link expired: sign up again.',
    used: 'The link was already used: sign in.',
  }[reason];
  return new ApiError('invalid_email_code', { message, details: { reason } });
}
