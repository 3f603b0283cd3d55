import { randomInt } from 'node:crypto';
import type { Clock } from '../../engine/clock.js';
import { ApiError } from '../../errors/api-error.js';
import type { EmailCodeRecord, Store, UserRecord } from '../../store/port.js';
import { newId } from '../../kernel/ids.js';
import { attemptSubject, type Attempts } from './attempts.js';
import type { Mailer } from './mailer.js';
import { maskEmail, sameSecretHash, secretHash } from './secrets.js';

/** docs/DASHBOARD.md: 6 digits, valid 10 minutes, single use, at most 5 tries (then the code is spent). */
export const CODE_LIFETIME_MS = 10 * 60_000;
export const CODE_MAX_TRIES = 5;
/** docs/SECURITY.md item 7: per user and purpose, one code a minute and five an hour. */
export const CODE_SENDS = [
  { name: 'minute', limit: 1, windowMs: 60_000 },
  { name: 'hour', limit: 5, windowMs: 3_600_000 },
] as const;

export const CODE_PURPOSES = ['live_key', 'live_trade', 'live_app', 'live_signal'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

const PURPOSE_TEXT: Record<CodePurpose, string> = {
  live_key: 'create a live API key',
  live_trade: 'trade live from the dashboard',
  live_app: 'connect an app or assistant to your live accounts',
  live_signal: 'create a live signal URL (alerts that trade your live accounts)',
};

type Refusal = 'wrong' | 'expired' | 'used';

/**
 * One-time codes sent by email where a live step asks for them (a live key, live trading from the dashboard, an app
 * or assistant connected to the live host). The
 * store keeps their sha256. Sends are throttled per user and purpose — a user has one address, so this is also per
 * address — and only the newest code of a purpose counts: an older one is a wrong code, and every wrong code is a
 * try of the newest, the fifth spending it. Six digits with five tries per code and five codes an hour leave a
 * guesser 25 tries in a million an hour.
 */
export class EmailCodeService {
  constructor(
    private readonly store: Pick<Store, 'transaction'>,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly attempts: Attempts,
  ) {}

  async send(user: UserRecord, purpose: CodePurpose): Promise<{ sent_to: string; expires_at: number }> {
    for (const w of CODE_SENDS) {
      const wait = await this.attempts.spend(attemptSubject('email_code', w.name, user.id, purpose), w.limit, w.windowMs);
      if (wait > 0) {
        throw new ApiError('rate_limited', {
          message: 'One code a minute, and five an hour, are sent for this: use the one sent, or wait.',
          details: { scope: 'email', limit: w.limit },
          retryAfter: Math.ceil(wait / 1000),
        });
      }
    }
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
   * Spends the newest code of the purpose: invalid_email_code with `reason` wrong, expired or used otherwise. One
   * user's checks run one at a time (a named lock: two requests with one code, on any nodes, never both pass).
   */
  async use(user: UserRecord, purpose: CodePurpose, code: string): Promise<void> {
    const refusal = await this.store.transaction(async (tx): Promise<Refusal | undefined> => {
      await tx.lock(`email_code:${user.id}`);
      const now = this.clock.now();
      const [newest] = await tx.listEmailCodes(user.id, purpose, 1);
      if (!newest) return 'wrong';
      if (newest.used_at !== null) return 'used';
      if (newest.expires_at <= now) return 'expired';
      if (/^\d{6}$/.test(code) && sameSecretHash(newest.hash, secretHash(code))) {
        await tx.updateEmailCode(newest.id, { tries: newest.tries, used_at: now });
        return undefined;
      }
      const tries = newest.tries + 1;
      await tx.updateEmailCode(newest.id, { tries, used_at: tries >= CODE_MAX_TRIES ? now : null });
      return 'wrong';
    });
    if (refusal) {
      const message = { wrong: 'The code is not the one sent last.', expired: 'The code expired: ask for a new one.', used: 'The code was already used: ask for a new one.' }[refusal];
      throw new ApiError('invalid_email_code', { message, details: { reason: refusal } });
    }
  }
}
