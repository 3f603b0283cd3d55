import { randomInt } from 'node:crypto';
import type { Clock } from '../../engine/clock.js';
import { ApiError } from '../../errors/api-error.js';
import type { EmailCodeRecord, Store, UserRecord } from '../../store/port.js';
import { newId } from '../credentials.js';
import type { Mailer } from './mailer.js';
import { maskEmail, sameSecretHash, secretHash } from './secrets.js';

/** docs/DASHBOARD.md: 6 digits, valid 10 minutes, single use, at most 5 tries (then the code is spent). */
export const CODE_LIFETIME_MS = 10 * 60_000;
export const CODE_MAX_TRIES = 5;
export type CodePurpose = 'live_key';

const PURPOSE_TEXT: Record<CodePurpose, string> = { live_key: 'create a live API key' };

/** One-time codes sent by email where SPEC asks for them (creating a live key). The store keeps their sha256. */
export class EmailCodeService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
  ) {}

  async send(user: UserRecord, purpose: CodePurpose): Promise<{ sent_to: string; expires_at: number }> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.clock.now();
    const record: EmailCodeRecord = {
      id: newId('ecd'),
      user_id: user.id,
      purpose,
      hash: secretHash(code),
      tries: 0,
      expires_at: now + CODE_LIFETIME_MS,
      used_at: null,
      created_at: now,
    };
    await this.store.transaction((tx) => tx.insertEmailCode(record));
    await this.mailer.send({
      to: user.email,
      subject: `Your Rampart code: ${code}`,
      text: `Your code to ${PURPOSE_TEXT[purpose]} is ${code}.\n\nIt is valid for 10 minutes, once. If you did not ask for it, change your password.\n`,
    });
    return { sent_to: maskEmail(user.email), expires_at: record.expires_at };
  }

  /**
   * Spends the code: invalid_email_code with `reason` wrong, expired or used otherwise. A wrong code counts as a try
   * of the newest live code; its fifth spends it. One user's checks run one at a time (a named lock: two requests
   * with one code, on any nodes, never both pass).
   */
  async use(user: UserRecord, purpose: CodePurpose, code: string): Promise<void> {
    const refusal = await this.store.transaction(async (tx) => {
      await tx.lock(`email_code:${user.id}`);
      const now = this.clock.now();
      const codes = await tx.listEmailCodes(user.id, purpose, 20);
      const hash = secretHash(code);
      const match = /^\d{6}$/.test(code) ? codes.find((c) => sameSecretHash(c.hash, hash)) : undefined;
      if (match) {
        if (match.used_at !== null) return 'used';
        if (match.expires_at <= now) return 'expired';
        await tx.updateEmailCode(match.id, { tries: match.tries, used_at: now });
        return undefined;
      }
      const live = codes.find((c) => c.used_at === null && c.expires_at > now);
      if (live) {
        const tries = live.tries + 1;
        await tx.updateEmailCode(live.id, { tries, used_at: tries >= CODE_MAX_TRIES ? now : null });
      }
      return 'wrong';
    });
    if (refusal) {
      const message = { wrong: 'The code is not the one sent.', expired: 'The code expired: ask for a new one.', used: 'The code was already used: ask for a new one.' }[refusal];
      throw new ApiError('invalid_email_code', { message, details: { reason: refusal } });
    }
  }
}
