import type { Config } from '../../config/config.js';
import type { Clock } from '../../engine/clock.js';
import type { Store } from '../../store/port.js';
import type { CredentialService } from '../credential-service.js';
import type { CustomerService } from '../customers.js';
import { DashboardTokens } from './dashboard-tokens.js';
import { EmailCodeService } from './email-codes.js';
import { InvitationService } from './invitations.js';
import { LockOut } from './lockout.js';
import { openMailer, SmtpMailer, type Mailer } from './mailer.js';
import { SessionService } from './sessions.js';
import { UserService } from './users.js';

/** The dashboard's people, wired: users, sessions, lock-out, emailed codes, mail, invitations, dashboard tokens. */
export class People {
  readonly mailer: Mailer;
  readonly lockOut: LockOut;
  readonly invitations: InvitationService;
  readonly users: UserService;
  readonly sessions: SessionService;
  readonly codes: EmailCodeService;
  readonly tokens: DashboardTokens;

  constructor(config: Config, store: Store, clock: Clock, customers: CustomerService, credentials: CredentialService) {
    this.mailer = openMailer(config.smtpUrl, store, clock);
    this.lockOut = new LockOut(store, clock);
    this.invitations = new InvitationService(store, clock, customers, this.mailer, config.dashboard.url);
    this.users = new UserService(store, clock, customers, this.invitations, this.lockOut, config.dashboard.signup, () => credentials.accessChanged());
    this.sessions = new SessionService(store, clock);
    this.codes = new EmailCodeService(store, clock, this.mailer);
    this.tokens = new DashboardTokens(store, clock, credentials, this.sessions, config.publicUrl);
  }

  close(): void {
    if (this.mailer instanceof SmtpMailer) this.mailer.close();
  }
}
