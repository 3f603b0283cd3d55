import type { EmailCodeRecord, InvitationRecord, MailRecord, SessionRecord, UserRecord } from '../port.js';
import type { RecordCache } from './cache.js';
import type { Row } from './connection.js';
import type { Sql } from './durability.js';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const toUser = (r: Row): UserRecord => ({
  id: r.id as string,
  customer_id: r.customer_id as string,
  email: r.email as string,
  password_hash: r.password_hash as string,
  password_changed_at: Number(r.password_changed_at),
  failed_sign_ins: Number(r.failed_sign_ins),
  locked_until: num(r.locked_until),
  created_at: Number(r.created_at),
});

const toSession = (r: Row): SessionRecord => ({
  id: r.id as string,
  user_id: r.user_id as string,
  hash: r.hash as string,
  csrf_token: r.csrf_token as string,
  created_at: Number(r.created_at),
  last_seen_at: Number(r.last_seen_at),
  revoked_at: num(r.revoked_at),
});

const toCode = (r: Row): EmailCodeRecord => ({
  id: r.id as string,
  user_id: r.user_id as string,
  purpose: r.purpose as string,
  hash: r.hash as string,
  tries: Number(r.tries),
  expires_at: Number(r.expires_at),
  used_at: num(r.used_at),
  created_at: Number(r.created_at),
});

const toMail = (r: Row): MailRecord => ({
  id: r.id as string,
  to_address: r.to_address as string,
  subject: r.subject as string,
  body: r.body as string,
  created_at: Number(r.created_at),
});

const toInvitation = (r: Row): InvitationRecord => ({
  id: r.id as string,
  email: r.email as string,
  customer_id: (r.customer_id as string | null) ?? null,
  hash: r.hash as string,
  expires_at: Number(r.expires_at),
  used_at: num(r.used_at),
  created_at: Number(r.created_at),
});

export function peopleReads(sql: Sql) {
  const user = sql.stmt('SELECT * FROM users WHERE id = ?');
  const userByEmail = sql.stmt('SELECT * FROM users WHERE email = ?');
  const session = sql.stmt('SELECT * FROM sessions WHERE hash = ?');
  const codes = sql.stmt('SELECT * FROM email_codes WHERE user_id = ? AND purpose = ? ORDER BY created_at DESC, id DESC LIMIT ?');
  const mails = sql.stmt('SELECT * FROM mails ORDER BY created_at DESC, id DESC LIMIT ?');
  const invitation = sql.stmt('SELECT * FROM invitations WHERE hash = ?');
  const one = <T>(r: unknown, map: (r: Row) => T): T | undefined => (r ? map(r as Row) : undefined);
  return {
    getUser: (id: string) => sql.read(() => one(user.get(id), toUser)),
    findUserByEmail: (email: string) => sql.read(() => one(userByEmail.get(email), toUser)),
    findSessionByHash: (hash: string) => sql.read(() => one(session.get(hash), toSession)),
    listEmailCodes: (userId: string, purpose: string, limit: number) => sql.read(() => (codes.all(userId, purpose, limit) as Row[]).map(toCode)),
    listMails: (limit: number) => sql.read(() => (mails.all(limit) as Row[]).map(toMail)),
    findInvitationByHash: (hash: string) => sql.read(() => one(invitation.get(hash), toInvitation)),
  };
}

export function peopleWrites(sql: Sql, cache: RecordCache) {
  const insertUser = sql.stmt(
    `INSERT INTO users (id, customer_id, email, password_hash, password_changed_at, failed_sign_ins, locked_until, created_at)
     VALUES (@id, @customer_id, @email, @password_hash, @password_changed_at, @failed_sign_ins, @locked_until, @created_at)`,
  );
  const setPassword = sql.stmt('UPDATE users SET password_hash = ?, password_changed_at = ?, failed_sign_ins = 0, locked_until = NULL WHERE id = ?');
  const addFailed = sql.stmt('UPDATE users SET failed_sign_ins = failed_sign_ins + 1 WHERE id = ? RETURNING failed_sign_ins');
  const setLock = sql.stmt('UPDATE users SET locked_until = ?, failed_sign_ins = 0 WHERE id = ?');
  const insertSession = sql.stmt(
    `INSERT INTO sessions (id, user_id, hash, csrf_token, created_at, last_seen_at, revoked_at)
     VALUES (@id, @user_id, @hash, @csrf_token, @created_at, @last_seen_at, @revoked_at)`,
  );
  const touchSession = sql.stmt('UPDATE sessions SET last_seen_at = MAX(last_seen_at, ?) WHERE id = ?');
  const revokeSession = sql.stmt('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  const revokeSessions = sql.stmt('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND id IS NOT ? AND revoked_at IS NULL');
  const insertCode = sql.stmt(
    `INSERT INTO email_codes (id, user_id, purpose, hash, tries, expires_at, used_at, created_at)
     VALUES (@id, @user_id, @purpose, @hash, @tries, @expires_at, @used_at, @created_at)`,
  );
  const updateCode = sql.stmt('UPDATE email_codes SET tries = ?, used_at = ? WHERE id = ?');
  const insertMail = sql.stmt('INSERT INTO mails (id, to_address, subject, body, created_at) VALUES (@id, @to_address, @subject, @body, @created_at)');
  const insertInvitation = sql.stmt(
    `INSERT INTO invitations (id, email, customer_id, hash, expires_at, used_at, created_at)
     VALUES (@id, @email, @customer_id, @hash, @expires_at, @used_at, @created_at)`,
  );
  const useInvitation = sql.stmt('UPDATE invitations SET used_at = ? WHERE id = ? AND used_at IS NULL');
  const revokeByUser = sql.stmt('UPDATE credentials SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL');
  const revokeBySession = sql.stmt('UPDATE credentials SET revoked_at = ? WHERE session_id = ? AND revoked_at IS NULL');
  return {
    insertUser: async (u: UserRecord) => {
      insertUser.run(u);
    },
    setUserPassword: async (id: string, passwordHash: string, at: number) => {
      setPassword.run(passwordHash, at, id);
    },
    addFailedSignIn: async (id: string) => Number((addFailed.get(id) as Row | undefined)?.failed_sign_ins ?? 0),
    setUserLock: async (id: string, lockedUntil: number | null) => {
      setLock.run(lockedUntil, id);
    },
    insertSession: async (s: SessionRecord) => {
      insertSession.run(s);
    },
    touchSession: async (id: string, at: number) => {
      touchSession.run(at, id);
    },
    revokeSession: async (id: string, at: number) => revokeSession.run(at, id).changes > 0,
    revokeSessionsOfUser: async (userId: string, exceptId: string | null, at: number) => revokeSessions.run(at, userId, exceptId).changes,
    insertEmailCode: async (c: EmailCodeRecord) => {
      insertCode.run(c);
    },
    updateEmailCode: async (id: string, patch: Pick<EmailCodeRecord, 'tries' | 'used_at'>) => {
      updateCode.run(patch.tries, patch.used_at, id);
    },
    insertMail: async (m: MailRecord) => {
      insertMail.run(m);
    },
    insertInvitation: async (i: InvitationRecord) => {
      insertInvitation.run(i);
    },
    useInvitation: async (id: string, at: number) => useInvitation.run(at, id).changes > 0,
    revokeCredentialsBy: async (by: { user_id: string } | { session_id: string }, at: number) => {
      // Cached by hash: drop them all (as revokeCredential does).
      cache.credentials.clear();
      return ('user_id' in by ? revokeByUser.run(at, by.user_id) : revokeBySession.run(at, by.session_id)).changes;
    },
  };
}
