import type { AttemptRecord, EmailCodeRecord, InvitationRecord, MailRecord, SessionRecord, SignUpRecord, UserRecord } from '../port.js';
import { greatest, insertInto, upsertInto, type Dialects } from './dialect.js';
import { num, type Row } from './rows.js';

/**
 * The dashboard's people (users, sessions, emailed codes, mails, invitations, sign-ups, sign-in attempts): the tables
 * have the same columns on SQLite and PostgreSQL, so each record is written from one column list and read by one
 * mapper, with every time as a number whatever the driver handed back.
 */

export const USER_COLUMNS = ['id', 'customer_id', 'email', 'password_hash', 'password_changed_at', 'created_at'] as const;
export const SESSION_COLUMNS = ['id', 'user_id', 'hash', 'csrf_token', 'created_at', 'last_seen_at', 'revoked_at'] as const;
export const EMAIL_CODE_COLUMNS = ['id', 'user_id', 'purpose', 'hash', 'tries', 'expires_at', 'used_at', 'created_at'] as const;
export const MAIL_COLUMNS = ['id', 'to_address', 'subject', 'body', 'created_at'] as const;
export const INVITATION_COLUMNS = ['id', 'email', 'customer_id', 'hash', 'expires_at', 'used_at', 'created_at'] as const;
export const SIGN_UP_COLUMNS = ['id', 'email', 'password_hash', 'hash', 'expires_at', 'used_at', 'created_at'] as const;
export const ATTEMPT_COLUMNS = ['subject', 'hits', 'window_start', 'blocked_until', 'passed_at', 'updated_at'] as const;

export const toUser = (r: Row): UserRecord => ({
  id: r.id as string,
  customer_id: r.customer_id as string,
  email: r.email as string,
  password_hash: r.password_hash as string,
  password_changed_at: Number(r.password_changed_at),
  created_at: Number(r.created_at),
});

export const toSession = (r: Row): SessionRecord => ({
  id: r.id as string,
  user_id: r.user_id as string,
  hash: r.hash as string,
  csrf_token: r.csrf_token as string,
  created_at: Number(r.created_at),
  last_seen_at: Number(r.last_seen_at),
  revoked_at: num(r.revoked_at),
});

export const toEmailCode = (r: Row): EmailCodeRecord => ({
  id: r.id as string,
  user_id: r.user_id as string,
  purpose: r.purpose as string,
  hash: r.hash as string,
  tries: Number(r.tries),
  expires_at: Number(r.expires_at),
  used_at: num(r.used_at),
  created_at: Number(r.created_at),
});

export const toMail = (r: Row): MailRecord => ({
  id: r.id as string,
  to_address: r.to_address as string,
  subject: r.subject as string,
  body: r.body as string,
  created_at: Number(r.created_at),
});

export const toInvitation = (r: Row): InvitationRecord => ({
  id: r.id as string,
  email: r.email as string,
  customer_id: (r.customer_id as string | null) ?? null,
  hash: r.hash as string,
  expires_at: Number(r.expires_at),
  used_at: num(r.used_at),
  created_at: Number(r.created_at),
});

export const toSignUp = (r: Row): SignUpRecord => ({
  id: r.id as string,
  email: r.email as string,
  password_hash: r.password_hash as string,
  hash: r.hash as string,
  expires_at: Number(r.expires_at),
  used_at: num(r.used_at),
  created_at: Number(r.created_at),
});

export const toAttempts = (r: Row): AttemptRecord => ({
  subject: r.subject as string,
  hits: Number(r.hits),
  window_start: Number(r.window_start),
  blocked_until: num(r.blocked_until),
  passed_at: num(r.passed_at),
  updated_at: Number(r.updated_at),
});

export const PEOPLE_SQL = {
  user: 'SELECT * FROM users WHERE id = ?',
  userByEmail: 'SELECT * FROM users WHERE email = ?',
  usersOfCustomer: 'SELECT * FROM users WHERE customer_id = ? ORDER BY created_at, id',
  session: 'SELECT * FROM sessions WHERE hash = ?',
  codes: 'SELECT * FROM email_codes WHERE user_id = ? AND purpose = ? ORDER BY created_at DESC, id DESC LIMIT ?',
  mails: 'SELECT * FROM mails ORDER BY created_at DESC, id DESC LIMIT ?',
  invitation: 'SELECT * FROM invitations WHERE hash = ?',
  signUp: 'SELECT * FROM sign_ups WHERE hash = ?',
  attempts: 'SELECT * FROM attempts WHERE subject = ?',
  insertUser: insertInto('users', USER_COLUMNS),
  setPassword: 'UPDATE users SET password_hash = ?, password_changed_at = ? WHERE id = ?',
  insertSession: insertInto('sessions', SESSION_COLUMNS),
  touchSession: {
    sqlite: `UPDATE sessions SET last_seen_at = ${greatest('last_seen_at', '?').sqlite} WHERE id = ?`,
    postgres: `UPDATE sessions SET last_seen_at = ${greatest('last_seen_at', '?').postgres} WHERE id = ?`,
  } satisfies Dialects,
  revokeSession: 'UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
  revokeSessionsOfUser: 'UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND id IS DISTINCT FROM ? AND revoked_at IS NULL',
  insertCode: insertInto('email_codes', EMAIL_CODE_COLUMNS),
  updateCode: 'UPDATE email_codes SET tries = ?, used_at = ? WHERE id = ?',
  insertMail: insertInto('mails', MAIL_COLUMNS),
  insertInvitation: insertInto('invitations', INVITATION_COLUMNS),
  useInvitation: 'UPDATE invitations SET used_at = ? WHERE id = ? AND used_at IS NULL',
  insertSignUp: insertInto('sign_ups', SIGN_UP_COLUMNS),
  useSignUp: 'UPDATE sign_ups SET used_at = ? WHERE id = ? AND used_at IS NULL',
  deleteSignUps: 'DELETE FROM sign_ups WHERE id IN (SELECT id FROM sign_ups WHERE expires_at <= ? ORDER BY expires_at LIMIT ?)',
  /** A counter written whole, inserted or over the one there. */
  putAttempts: upsertInto('attempts', ATTEMPT_COLUMNS, ['subject']),
  deleteAttempts: 'DELETE FROM attempts WHERE subject IN (SELECT subject FROM attempts WHERE updated_at < ? ORDER BY updated_at LIMIT ?)',
  revokeCredentialsOfUser: 'UPDATE credentials SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL',
  revokeCredentialsOfSession: 'UPDATE credentials SET revoked_at = ? WHERE session_id = ? AND revoked_at IS NULL',
} as const;
