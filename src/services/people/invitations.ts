import type { Clock } from '../../engine/clock.js';
import { ApiError } from '../../errors/api-error.js';
import type { InvitationRecord, Store, Tx } from '../../store/port.js';
import { newId } from '../../kernel/ids.js';
import type { CustomerService } from '../customers.js';
import type { Mailer } from './mailer.js';
import { isEmail, newSecret, normalizeEmail, secretHash } from './secrets.js';

export const INVITATION_LIFETIME_MS = 7 * 24 * 3_600_000;

export interface InvitationView {
  id: string;
  email: string;
  customer_id: string | null;
  expires_at: number;
  created_at: number;
}

const view = (i: InvitationRecord): InvitationView => ({ id: i.id, email: i.email, customer_id: i.customer_id, expires_at: i.expires_at, created_at: i.created_at });

/** The operator's invitations to sign up (RAMPART_SIGNUP=invite): a one-time token, 7 days, for one email. */
export class InvitationService {
  constructor(
    private readonly store: Pick<Store, 'transaction'>,
    private readonly clock: Clock,
    private readonly customers: CustomerService,
    private readonly mailer: Mailer,
    private readonly dashboardUrl: string,
  ) {}

  /** Makes an invitation (the token is shown once, and mailed to the address). */
  async create(email: string, customerId?: string): Promise<InvitationView & { token: string }> {
    const address = normalizeEmail(email);
    if (!isEmail(address)) throw new ApiError('invalid_request', { message: 'email must be an email address', details: { field: 'email' } });
    if (customerId !== undefined) await this.customers.require(customerId);
    const token = `rinv_${newSecret()}`;
    const now = this.clock.now();
    const record: InvitationRecord = {
      id: newId('inv'),
      email: address,
      customer_id: customerId ?? null,
      hash: secretHash(token),
      expires_at: now + INVITATION_LIFETIME_MS,
      used_at: null,
      created_at: now,
    };
    await this.store.transaction((tx) => tx.insertInvitation(record));
    await this.mailer.send({
      to: address,
      subject: 'Your invitation to Rampart',
      text: `You are invited to Rampart.\n\nSign up at ${this.dashboardUrl} with this email address and the invitation:\n\n  ${token}\n\nIt is valid for 7 days, once.\n`,
    });
    return { ...view(record), token };
  }

  /** Uses the invitation for a sign-up of `email`, in the sign-up's transaction; invalid_invitation otherwise. */
  async consume(tx: Tx, token: string, email: string): Promise<InvitationRecord> {
    const inv = await tx.findInvitationByHash(secretHash(token));
    const refuse = (reason: string) => new ApiError('invalid_invitation', { details: { reason } });
    if (!inv) throw refuse('unknown');
    if (inv.email !== email) throw refuse('other_email');
    if (inv.used_at !== null) throw refuse('used');
    if (inv.expires_at <= this.clock.now()) throw refuse('expired');
    if (!(await tx.useInvitation(inv.id, this.clock.now()))) throw refuse('used');
    return inv;
  }
}
