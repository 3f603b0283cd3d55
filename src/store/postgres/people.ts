import type { PeopleReads, PeopleWrites } from '../port.js';
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
import type { Q } from './durability.js';

/** The dashboard's people on PostgreSQL (the statements and rows: ../sql/people.ts). */
export function peopleReads(q: Q): PeopleReads {
  const first = async <T>(sql: string, params: unknown[], map: (r: Row) => T): Promise<T | undefined> => (await q.rows<Row>(sql, params)).map(map)[0];
  return {
    getUser: (id: string) => first(PEOPLE_SQL.user, [id], toUser),
    findUserByEmail: (email: string) => first(PEOPLE_SQL.userByEmail, [email], toUser),
    usersOfCustomer: async (customerId: string) => (await q.rows(PEOPLE_SQL.usersOfCustomer, [customerId])).map(toUser),
    findSessionByHash: (hash: string) => first(PEOPLE_SQL.session, [hash], toSession),
    listEmailCodes: async (userId: string, purpose: string, limit: number) => (await q.rows<Row>(PEOPLE_SQL.codes, [userId, purpose, limit])).map(toEmailCode),
    listMails: async (limit: number) => (await q.rows<Row>(PEOPLE_SQL.mails, [limit])).map(toMail),
    findInvitationByHash: (hash: string) => first(PEOPLE_SQL.invitation, [hash], toInvitation),
    findSignUpByHash: (hash: string) => first(PEOPLE_SQL.signUp, [hash], toSignUp),
    getAttempts: (subject: string) => first(PEOPLE_SQL.attempts, [subject], toAttempts),
  };
}

export function peopleWrites(q: Q): PeopleWrites {
  const changed = async (sql: string, params: unknown[]) => (await q.changes(sql, params)) > 0;
  return {
    insertUser: async (u) => void (await q.changes(PEOPLE_SQL.insertUser, valuesOf(u, USER_COLUMNS))),
    setUserPassword: async (id, passwordHash, at) => void (await q.changes(PEOPLE_SQL.setPassword, [passwordHash, at, id])),
    insertSession: async (s) => void (await q.changes(PEOPLE_SQL.insertSession, valuesOf(s, SESSION_COLUMNS))),
    touchSession: async (id, at) => void (await q.changes(PEOPLE_SQL.touchSession.postgres, [at, id])),
    revokeSession: (id, at) => changed(PEOPLE_SQL.revokeSession, [at, id]),
    revokeSessionsOfUser: (userId, exceptId, at) => q.changes(PEOPLE_SQL.revokeSessionsOfUser, [at, userId, exceptId]),
    insertEmailCode: async (c) => void (await q.changes(PEOPLE_SQL.insertCode, valuesOf(c, EMAIL_CODE_COLUMNS))),
    updateEmailCode: async (id, patch) => void (await q.changes(PEOPLE_SQL.updateCode, [patch.tries, patch.used_at, id])),
    insertMail: async (m) => void (await q.changes(PEOPLE_SQL.insertMail, valuesOf(m, MAIL_COLUMNS))),
    insertInvitation: async (i) => void (await q.changes(PEOPLE_SQL.insertInvitation, valuesOf(i, INVITATION_COLUMNS))),
    useInvitation: (id, at) => changed(PEOPLE_SQL.useInvitation, [at, id]),
    insertSignUp: async (u) => void (await q.changes(PEOPLE_SQL.insertSignUp, valuesOf(u, SIGN_UP_COLUMNS))),
    useSignUp: (id, at) => changed(PEOPLE_SQL.useSignUp, [at, id]),
    deleteExpiredSignUps: (now, limit) => q.changes(PEOPLE_SQL.deleteSignUps, [now, limit]),
    putAttempts: (a) => q.write(PEOPLE_SQL.putAttempts, valuesOf(a, ATTEMPT_COLUMNS)),
    deleteAttemptsBefore: (time, limit) => q.changes(PEOPLE_SQL.deleteAttempts, [time, limit]),
    revokeCredentialsBy: (by, at) =>
      'user_id' in by ? q.changes(PEOPLE_SQL.revokeCredentialsOfUser, [at, by.user_id]) : q.changes(PEOPLE_SQL.revokeCredentialsOfSession, [at, by.session_id]),
  };
}
