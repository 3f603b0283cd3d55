import type { AttemptRecord, EmailCodeRecord, InvitationRecord, MailRecord, SessionRecord, SignUpRecord, UserRecord } from './port.js';

/**
 * The dashboard's people as rows, for both adapters: the tables have the same columns on SQLite and PostgreSQL
 * (migrations 011 and 015, postgres 005 and 009), so each record is written from one column list and read by one mapper. The
 * mappers keep exactly the record's fields, with every time as a number whatever the driver handed back.
 */
type Row = Record<string, unknown>;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

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

/** `INSERT INTO table (columns) VALUES (…)` with the dialect's placeholder for each column. */
export const insertInto = (table: string, columns: readonly string[], placeholder: (column: string, i: number) => string): string =>
  `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(placeholder).join(', ')})`;

/** Writes a counter whole, inserted or over the one there (both dialects take ON CONFLICT … DO UPDATE). */
export const upsertAttempts = (placeholder: (column: string, i: number) => string): string =>
  `${insertInto('attempts', ATTEMPT_COLUMNS, placeholder)} ON CONFLICT (subject) DO UPDATE SET ${ATTEMPT_COLUMNS.filter((c) => c !== 'subject')
    .map((c) => `${c} = excluded.${c}`)
    .join(', ')}`;
