import type { EmailCodeRecord, InvitationRecord, MailRecord, SessionRecord, UserRecord } from '../port.js';
import type { Q } from './durability.js';

/** The dashboard's people on PostgreSQL: the mirror of ../sqlite/people.ts (bigint columns are read as numbers). */
export function peopleReads(q: Q) {
  const first = async <T>(sql: string, params: unknown[]): Promise<T | undefined> => (await q.rows<T>(sql, params))[0];
  return {
    getUser: (id: string) => first<UserRecord>('SELECT * FROM users WHERE id = $1', [id]),
    findUserByEmail: (email: string) => first<UserRecord>('SELECT * FROM users WHERE email = $1', [email]),
    findSessionByHash: (hash: string) => first<SessionRecord>('SELECT * FROM sessions WHERE hash = $1', [hash]),
    listEmailCodes: (userId: string, purpose: string, limit: number) =>
      q.rows<EmailCodeRecord>('SELECT * FROM email_codes WHERE user_id = $1 AND purpose = $2 ORDER BY created_at DESC, id DESC LIMIT $3', [userId, purpose, limit]),
    listMails: (limit: number) => q.rows<MailRecord>('SELECT * FROM mails ORDER BY created_at DESC, id DESC LIMIT $1', [limit]),
    findInvitationByHash: (hash: string) => first<InvitationRecord>('SELECT * FROM invitations WHERE hash = $1', [hash]),
  };
}

export function peopleWrites(q: Q) {
  return {
    insertUser: async (u: UserRecord) => {
      await q.changes(
        `INSERT INTO users (id, customer_id, email, password_hash, password_changed_at, failed_sign_ins, locked_until, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [u.id, u.customer_id, u.email, u.password_hash, u.password_changed_at, u.failed_sign_ins, u.locked_until, u.created_at],
      );
    },
    setUserPassword: async (id: string, passwordHash: string, at: number) => {
      await q.changes('UPDATE users SET password_hash = $1, password_changed_at = $2, failed_sign_ins = 0, locked_until = NULL WHERE id = $3', [passwordHash, at, id]);
    },
    addFailedSignIn: async (id: string) =>
      (await q.rows<{ failed_sign_ins: number }>('UPDATE users SET failed_sign_ins = failed_sign_ins + 1 WHERE id = $1 RETURNING failed_sign_ins', [id]))[0]
        ?.failed_sign_ins ?? 0,
    setUserLock: async (id: string, lockedUntil: number | null) => {
      await q.changes('UPDATE users SET locked_until = $1, failed_sign_ins = 0 WHERE id = $2', [lockedUntil, id]);
    },
    insertSession: async (s: SessionRecord) => {
      await q.changes(
        `INSERT INTO sessions (id, user_id, hash, csrf_token, created_at, last_seen_at, revoked_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [s.id, s.user_id, s.hash, s.csrf_token, s.created_at, s.last_seen_at, s.revoked_at],
      );
    },
    touchSession: async (id: string, at: number) => {
      await q.changes('UPDATE sessions SET last_seen_at = GREATEST(last_seen_at, $1) WHERE id = $2', [at, id]);
    },
    revokeSession: async (id: string, at: number) => (await q.changes('UPDATE sessions SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [at, id])) > 0,
    revokeSessionsOfUser: (userId: string, exceptId: string | null, at: number) =>
      q.changes('UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND id IS DISTINCT FROM $3 AND revoked_at IS NULL', [at, userId, exceptId]),
    insertEmailCode: async (c: EmailCodeRecord) => {
      await q.changes(
        `INSERT INTO email_codes (id, user_id, purpose, hash, tries, expires_at, used_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [c.id, c.user_id, c.purpose, c.hash, c.tries, c.expires_at, c.used_at, c.created_at],
      );
    },
    updateEmailCode: async (id: string, patch: Pick<EmailCodeRecord, 'tries' | 'used_at'>) => {
      await q.changes('UPDATE email_codes SET tries = $1, used_at = $2 WHERE id = $3', [patch.tries, patch.used_at, id]);
    },
    insertMail: async (m: MailRecord) => {
      await q.changes('INSERT INTO mails (id, to_address, subject, body, created_at) VALUES ($1, $2, $3, $4, $5)', [m.id, m.to_address, m.subject, m.body, m.created_at]);
    },
    insertInvitation: async (i: InvitationRecord) => {
      await q.changes(
        'INSERT INTO invitations (id, email, customer_id, hash, expires_at, used_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [i.id, i.email, i.customer_id, i.hash, i.expires_at, i.used_at, i.created_at],
      );
    },
    useInvitation: async (id: string, at: number) => (await q.changes('UPDATE invitations SET used_at = $1 WHERE id = $2 AND used_at IS NULL', [at, id])) > 0,
    revokeCredentialsBy: (by: { user_id: string } | { session_id: string }, at: number) =>
      'user_id' in by
        ? q.changes('UPDATE credentials SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL', [at, by.user_id])
        : q.changes('UPDATE credentials SET revoked_at = $1 WHERE session_id = $2 AND revoked_at IS NULL', [at, by.session_id]),
  };
}
