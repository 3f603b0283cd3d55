import {
  ATTEMPT_COLUMNS,
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
import type { Q, Row } from './durability.js';

const numbered = (_c: string, i: number) => `$${i + 1}`;
/** The record's values in its table's column order, for the numbered placeholders. */
const valuesOf = <R>(record: R, columns: readonly (keyof R)[]): unknown[] => columns.map((c) => record[c]);

/** The dashboard's people on PostgreSQL: the mirror of ../sqlite/people.ts, with its row shapes (../people-rows.ts). */
export function peopleReads(q: Q): PeopleReads {
  const first = async <T>(sql: string, params: unknown[], map: (r: Row) => T): Promise<T | undefined> => {
    const row = (await q.rows<Row>(sql, params))[0];
    return row ? map(row) : undefined;
  };
  return {
    getUser: (id: string) => first('SELECT * FROM users WHERE id = $1', [id], toUser),
    findUserByEmail: (email: string) => first('SELECT * FROM users WHERE email = $1', [email], toUser),
    findSessionByHash: (hash: string) => first('SELECT * FROM sessions WHERE hash = $1', [hash], toSession),
    listEmailCodes: async (userId: string, purpose: string, limit: number) =>
      (await q.rows<Row>('SELECT * FROM email_codes WHERE user_id = $1 AND purpose = $2 ORDER BY created_at DESC, id DESC LIMIT $3', [userId, purpose, limit])).map(toEmailCode),
    listMails: async (limit: number) => (await q.rows<Row>('SELECT * FROM mails ORDER BY created_at DESC, id DESC LIMIT $1', [limit])).map(toMail),
    findInvitationByHash: (hash: string) => first('SELECT * FROM invitations WHERE hash = $1', [hash], toInvitation),
    findSignUpByHash: (hash: string) => first('SELECT * FROM sign_ups WHERE hash = $1', [hash], toSignUp),
    getAttempts: (subject: string) => first('SELECT * FROM attempts WHERE subject = $1', [subject], toAttempts),
  };
}

export function peopleWrites(q: Q): PeopleWrites {
  return {
    insertUser: async (u: UserRecord) => {
      await q.changes(insertInto('users', USER_COLUMNS, numbered), valuesOf(u, USER_COLUMNS));
    },
    setUserPassword: async (id: string, passwordHash: string, at: number) => {
      await q.changes('UPDATE users SET password_hash = $1, password_changed_at = $2 WHERE id = $3', [passwordHash, at, id]);
    },
    insertSession: async (s: SessionRecord) => {
      await q.changes(insertInto('sessions', SESSION_COLUMNS, numbered), valuesOf(s, SESSION_COLUMNS));
    },
    touchSession: async (id: string, at: number) => {
      await q.changes('UPDATE sessions SET last_seen_at = GREATEST(last_seen_at, $1) WHERE id = $2', [at, id]);
    },
    revokeSession: async (id: string, at: number) => (await q.changes('UPDATE sessions SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [at, id])) > 0,
    revokeSessionsOfUser: (userId: string, exceptId: string | null, at: number) =>
      q.changes('UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND id IS DISTINCT FROM $3 AND revoked_at IS NULL', [at, userId, exceptId]),
    insertEmailCode: async (c: EmailCodeRecord) => {
      await q.changes(insertInto('email_codes', EMAIL_CODE_COLUMNS, numbered), valuesOf(c, EMAIL_CODE_COLUMNS));
    },
    updateEmailCode: async (id: string, patch: Pick<EmailCodeRecord, 'tries' | 'used_at'>) => {
      await q.changes('UPDATE email_codes SET tries = $1, used_at = $2 WHERE id = $3', [patch.tries, patch.used_at, id]);
    },
    insertMail: async (m: MailRecord) => {
      await q.changes(insertInto('mails', MAIL_COLUMNS, numbered), valuesOf(m, MAIL_COLUMNS));
    },
    insertInvitation: async (i: InvitationRecord) => {
      await q.changes(insertInto('invitations', INVITATION_COLUMNS, numbered), valuesOf(i, INVITATION_COLUMNS));
    },
    useInvitation: async (id: string, at: number) => (await q.changes('UPDATE invitations SET used_at = $1 WHERE id = $2 AND used_at IS NULL', [at, id])) > 0,
    insertSignUp: async (u: SignUpRecord) => {
      await q.changes(insertInto('sign_ups', SIGN_UP_COLUMNS, numbered), valuesOf(u, SIGN_UP_COLUMNS));
    },
    useSignUp: async (id: string, at: number) => (await q.changes('UPDATE sign_ups SET used_at = $1 WHERE id = $2 AND used_at IS NULL', [at, id])) > 0,
    deleteExpiredSignUps: (now: number, limit: number) =>
      q.changes('DELETE FROM sign_ups WHERE id IN (SELECT id FROM sign_ups WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2)', [now, limit]),
    putAttempts: (a: AttemptRecord) => q.write(upsertAttempts(numbered), valuesOf(a, ATTEMPT_COLUMNS)),
    deleteAttemptsBefore: (time: number, limit: number) =>
      q.changes('DELETE FROM attempts WHERE subject IN (SELECT subject FROM attempts WHERE updated_at < $1 ORDER BY updated_at LIMIT $2)', [time, limit]),
    revokeCredentialsBy: (by: { user_id: string } | { session_id: string }, at: number) =>
      'user_id' in by
        ? q.changes('UPDATE credentials SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL', [at, by.user_id])
        : q.changes('UPDATE credentials SET revoked_at = $1 WHERE session_id = $2 AND revoked_at IS NULL', [at, by.session_id]),
  };
}
