import type { Config } from '../../config/config.js';
import type { Clock } from '../../engine/clock.js';
import type { Store } from '../../store/port.js';
import type { CredentialService } from '../credential-service.js';
import type { CustomerService } from '../customers.js';
import { Attempts } from './attempts.js';
import { DashboardTokens } from './dashboard-tokens.js';
import { EmailCodeService } from './email-codes.js';
import { InvitationService } from './invitations.js';
import { LockOut } from './lockout.js';
import { openMailer, SmtpMailer, type Mailer } from './mailer.js';
import { PasswordHasher } from './passwords.js';
import { SessionService } from './sessions.js';
import { SignUpService } from './sign-ups.js';
import { UserService } from './users.js';
import { WorkGate } from './work-gate.js';

/**
 * The dashboard's people, wired: users, sign-ups, sessions, lock-out, emailed codes, mail, invitations, dashboard
 * tokens, and the process's one bound on password hashing that all of them share.
 */
export class People {
  readonly mailer: Mailer;
  readonly attempts: Attempts;
  readonly passwords: PasswordHasher;
  readonly lockOut: LockOut;
  readonly invitations: InvitationService;
  readonly signUps: SignUpService;
  readonly users: UserService;
  readonly sessions: SessionService;
  readonly codes: EmailCodeService;
  readonly tokens: DashboardTokens;

  constructor(config: Config, store: Store, clock: Clock, customers: CustomerService, credentials: CredentialService) {
    const { max_in_flight, max_queued } = config.limits.password_hashing;
    this.mailer = openMailer(config.smtpUrl, store, clock);
    this.attempts = new Attempts(store, clock);
    this.passwords = new PasswordHasher(new WorkGate(max_in_flight, max_queued, 'Too many passwords are being checked right now: retry in a moment.'));
    this.lockOut = new LockOut(store, clock, this.attempts);
    this.invitations = new InvitationService(store, clock, customers, this.mailer, config.dashboard.url);
    const { signup, url } = config.dashboard;
    this.signUps = new SignUpService(store, clock, customers, this.invitations, this.mailer, this.attempts, this.passwords, signup, url);
    this.users = new UserService(store, clock, this.lockOut, this.passwords, () => credentials.accessChanged());
    this.sessions = new SessionService(store, clock);
    this.codes = new EmailCodeService(store, clock, this.mailer, this.attempts);
    this.tokens = new DashboardTokens(store, clock, credentials, this.sessions, config.publicUrl);
  }

  close(): void {
    if (this.mailer instanceof SmtpMailer) this.mailer.close();
  }
}
