import {
  EMAIL_CODE_COLUMNS,
  insertInto,
  INVITATION_COLUMNS,
  MAIL_COLUMNS,
  SESSION_COLUMNS,
  SIGN_UP_COLUMNS,
  toAttempts,
  toEmailCode,
  toInvitation,
  toMail,
  toSession,
  toSignUp,
  toUser,
  upsertAttempts,
  USER_COLUMNS,
} from '../people-rows.js';
import type { AttemptRecord, EmailCodeRecord, InvitationRecord, MailRecord, SessionRecord, SignUpRecord, UserRecord, PeopleReads, PeopleWrites } from '../port.js';
import type { RecordCache } from './cache.js';
import type { Row } from './connection.js';
import type { Sql } from './durability.js';

export function peopleReads(sql: Sql): PeopleReads {
  const user = sql.stmt('SELECT * FROM users WHERE id = ?');
  const userByEmail = sql.stmt('SELECT * FROM users WHERE email = ?');
  const session = sql.stmt('SELECT * FROM sessions WHERE hash = ?');
  const codes = sql.stmt('SELECT * FROM email_codes WHERE user_id = ? AND purpose = ? ORDER BY created_at DESC, id DESC LIMIT ?');
  const mails = sql.stmt('SELECT * FROM mails ORDER BY created_at DESC, id DESC LIMIT ?');
  const invitation = sql.stmt('SELECT * FROM invitations WHERE hash = ?');
  const signUp = sql.stmt('SELECT * FROM sign_ups WHERE hash = ?');
  const attempts = sql.stmt('SELECT * FROM attempts WHERE subject = ?');
  const one = <T>(r: unknown, map: (r: Row) => T): T | undefined => (r ? map(r as Row) : undefined);
  return {
    getUser: (id: string) => sql.read(() => one(user.get(id), toUser)),
    findUserByEmail: (email: string) => sql.read(() => one(userByEmail.get(email), toUser)),
    findSessionByHash: (hash: string) => sql.read(() => one(session.get(hash), toSession)),
    listEmailCodes: (userId: string, purpose: string, limit: number) => sql.read(() => (codes.all(userId, purpose, limit) as Row[]).map(toEmailCode)),
    listMails: (limit: number) => sql.read(() => (mails.all(limit) as Row[]).map(toMail)),
    findInvitationByHash: (hash: string) => sql.read(() => one(invitation.get(hash), toInvitation)),
    findSignUpByHash: (hash: string) => sql.read(() => one(signUp.get(hash), toSignUp)),
    getAttempts: (subject: string) => sql.read(() => one(attempts.get(subject), toAttempts)),
  };
}

export function peopleWrites(sql: Sql, cache: RecordCache): PeopleWrites {
  const named = (c: string) => `@${c}`;
  const insertUser = sql.stmt(insertInto('users', USER_COLUMNS, named));
  const setPassword = sql.stmt('UPDATE users SET password_hash = ?, password_changed_at = ? WHERE id = ?');
  const insertSession = sql.stmt(insertInto('sessions', SESSION_COLUMNS, named));
  const touchSession = sql.stmt('UPDATE sessions SET last_seen_at = MAX(last_seen_at, ?) WHERE id = ?');
  const revokeSession = sql.stmt('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  const revokeSessions = sql.stmt('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND id IS NOT ? AND revoked_at IS NULL');
  const insertCode = sql.stmt(insertInto('email_codes', EMAIL_CODE_COLUMNS, named));
  const updateCode = sql.stmt('UPDATE email_codes SET tries = ?, used_at = ? WHERE id = ?');
  const insertMail = sql.stmt(insertInto('mails', MAIL_COLUMNS, named));
  const insertInvitation = sql.stmt(insertInto('invitations', INVITATION_COLUMNS, named));
  const useInvitation = sql.stmt('UPDATE invitations SET used_at = ? WHERE id = ? AND used_at IS NULL');
  const insertSignUp = sql.stmt(insertInto('sign_ups', SIGN_UP_COLUMNS, named));
  const useSignUp = sql.stmt('UPDATE sign_ups SET used_at = ? WHERE id = ? AND used_at IS NULL');
  const deleteSignUps = sql.stmt('DELETE FROM sign_ups WHERE id IN (SELECT id FROM sign_ups WHERE expires_at <= ? ORDER BY expires_at LIMIT ?)');
  const putAttempts = sql.stmt(upsertAttempts(named));
  const deleteAttempts = sql.stmt('DELETE FROM attempts WHERE subject IN (SELECT subject FROM attempts WHERE updated_at < ? ORDER BY updated_at LIMIT ?)');
  const revokeByUser = sql.stmt('UPDATE credentials SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL');
  const revokeBySession = sql.stmt('UPDATE credentials SET revoked_at = ? WHERE session_id = ? AND revoked_at IS NULL');
  return {
    insertUser: async (u: UserRecord) => {
      insertUser.run(u);
    },
    setUserPassword: async (id: string, passwordHash: string, at: number) => {
      setPassword.run(passwordHash, at, id);
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
    insertSignUp: async (u: SignUpRecord) => {
      insertSignUp.run(u);
    },
    useSignUp: async (id: string, at: number) => useSignUp.run(at, id).changes > 0,
    deleteExpiredSignUps: async (now: number, limit: number) => deleteSignUps.run(now, limit).changes,
    putAttempts: async (a: AttemptRecord) => {
      putAttempts.run(a);
    },
    deleteAttemptsBefore: async (time: number, limit: number) => deleteAttempts.run(time, limit).changes,
    revokeCredentialsBy: async (by: { user_id: string } | { session_id: string }, at: number) => {
      // Cached by hash: drop them all (as revokeCredential does).
      cache.credentials.clear();
      return ('user_id' in by ? revokeByUser.run(at, by.user_id) : revokeBySession.run(at, by.session_id)).changes;
    },
  };
}
