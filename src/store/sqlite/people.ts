import type { AttemptRecord, EmailCodeRecord, InvitationRecord, MailRecord, PeopleReads, PeopleWrites, SessionRecord, SignUpRecord, UserRecord } from '../port.js';
import { valuesOf } from '../sql/dialect.js';
import {
  ATTEMPT_COLUMNS,
  EMAIL_CODE_COLUMNS,
  INVITATION_COLUMNS,
  MAIL_COLUMNS,
  PEOPLE_SQL,
  SESSION_COLUMNS,
  SIGN_UP_COLUMNS,
  toAttempts,
  toEmailCode,
  toInvitation,
  toMail,
  toSession,
  toSignUp,
  toUser,
  USER_COLUMNS,
} from '../sql/people.js';
import type { Row } from '../sql/rows.js';
import type { RecordCache } from './cache.js';
import type { Sql } from './durability.js';

/** The dashboard's people on SQLite (the statements and rows: ../sql/people.ts). */
export function peopleReads(sql: Sql): PeopleReads {
  const user = sql.stmt(PEOPLE_SQL.user);
  const userByEmail = sql.stmt(PEOPLE_SQL.userByEmail);
  const usersOfCustomer = sql.stmt(PEOPLE_SQL.usersOfCustomer);
  const session = sql.stmt(PEOPLE_SQL.session);
  const codes = sql.stmt(PEOPLE_SQL.codes);
  const mails = sql.stmt(PEOPLE_SQL.mails);
  const invitation = sql.stmt(PEOPLE_SQL.invitation);
  const signUp = sql.stmt(PEOPLE_SQL.signUp);
  const attempts = sql.stmt(PEOPLE_SQL.attempts);
  const one = <T>(r: unknown, map: (r: Row) => T): T | undefined => (r ? map(r as Row) : undefined);
  return {
    getUser: (id: string) => sql.read(() => one(user.get(id), toUser)),
    findUserByEmail: (email: string) => sql.read(() => one(userByEmail.get(email), toUser)),
    usersOfCustomer: (customerId: string) => sql.read(() => (usersOfCustomer.all(customerId) as Row[]).map(toUser)),
    findSessionByHash: (hash: string) => sql.read(() => one(session.get(hash), toSession)),
    listEmailCodes: (userId: string, purpose: string, limit: number) => sql.read(() => (codes.all(userId, purpose, limit) as Row[]).map(toEmailCode)),
    listMails: (limit: number) => sql.read(() => (mails.all(limit) as Row[]).map(toMail)),
    findInvitationByHash: (hash: string) => sql.read(() => one(invitation.get(hash), toInvitation)),
    findSignUpByHash: (hash: string) => sql.read(() => one(signUp.get(hash), toSignUp)),
    getAttempts: (subject: string) => sql.read(() => one(attempts.get(subject), toAttempts)),
  };
}

export function peopleWrites(sql: Sql, cache: RecordCache): PeopleWrites {
  const insertUser = sql.stmt(PEOPLE_SQL.insertUser);
  const setPassword = sql.stmt(PEOPLE_SQL.setPassword);
  const insertSession = sql.stmt(PEOPLE_SQL.insertSession);
  const touchSession = sql.stmt(PEOPLE_SQL.touchSession.sqlite);
  const revokeSession = sql.stmt(PEOPLE_SQL.revokeSession);
  const revokeSessions = sql.stmt(PEOPLE_SQL.revokeSessionsOfUser);
  const insertCode = sql.stmt(PEOPLE_SQL.insertCode);
  const updateCode = sql.stmt(PEOPLE_SQL.updateCode);
  const insertMail = sql.stmt(PEOPLE_SQL.insertMail);
  const insertInvitation = sql.stmt(PEOPLE_SQL.insertInvitation);
  const useInvitation = sql.stmt(PEOPLE_SQL.useInvitation);
  const insertSignUp = sql.stmt(PEOPLE_SQL.insertSignUp);
  const useSignUp = sql.stmt(PEOPLE_SQL.useSignUp);
  const deleteSignUps = sql.stmt(PEOPLE_SQL.deleteSignUps);
  const putAttempts = sql.stmt(PEOPLE_SQL.putAttempts);
  const deleteAttempts = sql.stmt(PEOPLE_SQL.deleteAttempts);
  const revokeByUser = sql.stmt(PEOPLE_SQL.revokeCredentialsOfUser);
  const revokeBySession = sql.stmt(PEOPLE_SQL.revokeCredentialsOfSession);
  return {
    insertUser: async (u: UserRecord) => {
      insertUser.run(valuesOf(u, USER_COLUMNS));
    },
    setUserPassword: async (id: string, passwordHash: string, at: number) => {
      setPassword.run(passwordHash, at, id);
    },
    insertSession: async (s: SessionRecord) => {
      insertSession.run(valuesOf(s, SESSION_COLUMNS));
    },
    touchSession: async (id: string, at: number) => {
      touchSession.run(at, id);
    },
    revokeSession: async (id: string, at: number) => revokeSession.run(at, id).changes > 0,
    revokeSessionsOfUser: async (userId: string, exceptId: string | null, at: number) => revokeSessions.run(at, userId, exceptId).changes,
    insertEmailCode: async (c: EmailCodeRecord) => {
      insertCode.run(valuesOf(c, EMAIL_CODE_COLUMNS));
    },
    updateEmailCode: async (id: string, patch: Pick<EmailCodeRecord, 'tries' | 'used_at'>) => {
      updateCode.run(patch.tries, patch.used_at, id);
    },
    insertMail: async (m: MailRecord) => {
      insertMail.run(valuesOf(m, MAIL_COLUMNS));
    },
    insertInvitation: async (i: InvitationRecord) => {
      insertInvitation.run(valuesOf(i, INVITATION_COLUMNS));
    },
    useInvitation: async (id: string, at: number) => useInvitation.run(at, id).changes > 0,
    insertSignUp: async (u: SignUpRecord) => {
      insertSignUp.run(valuesOf(u, SIGN_UP_COLUMNS));
    },
    useSignUp: async (id: string, at: number) => useSignUp.run(at, id).changes > 0,
    deleteExpiredSignUps: async (now: number, limit: number) => deleteSignUps.run(now, limit).changes,
    putAttempts: async (a: AttemptRecord) => {
      putAttempts.run(valuesOf(a, ATTEMPT_COLUMNS));
    },
    deleteAttemptsBefore: async (time: number, limit: number) => deleteAttempts.run(time, limit).changes,
    revokeCredentialsBy: async (by: { user_id: string } | { session_id: string }, at: number) => {
      // Cached by hash: drop them all (as revokeCredential does).
      cache.credentials.clear();
      return ('user_id' in by ? revokeByUser.run(at, by.user_id) : revokeBySession.run(at, by.session_id)).changes;
    },
  };
}
