-- The dashboard's people (docs/DASHBOARD.md): users of a customer, their sessions, emailed one-time codes, the mails
-- kept when no SMTP server is set, and the operator's invitations. Secrets are stored as their sha256 only; the
-- password as its scrypt hash. Credentials learn who made them from the dashboard (origin 'platform', the user and
-- the session): a session's end or a password change revokes them by these columns.
CREATE TABLE users (
  id                  TEXT PRIMARY KEY,
  customer_id         TEXT NOT NULL REFERENCES customers(id),
  email               TEXT NOT NULL UNIQUE,
  password_hash       TEXT NOT NULL,
  password_changed_at INTEGER NOT NULL,
  failed_sign_ins     INTEGER NOT NULL DEFAULT 0,
  locked_until        INTEGER,
  created_at          INTEGER NOT NULL
);
CREATE INDEX users_customer ON users (customer_id);

CREATE TABLE sessions (
  id           TEXT PRIMARY KEY,
  user_id      TEXT NOT NULL REFERENCES users(id),
  hash         TEXT NOT NULL UNIQUE,
  csrf_token   TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  revoked_at   INTEGER
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE email_codes (
  id         TEXT PRIMARY KEY,
  user_id    TEXT NOT NULL REFERENCES users(id),
  purpose    TEXT NOT NULL,
  hash       TEXT NOT NULL,
  tries      INTEGER NOT NULL DEFAULT 0,
  expires_at INTEGER NOT NULL,
  used_at    INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX email_codes_user ON email_codes (user_id, purpose, created_at);

CREATE TABLE mails (
  id         TEXT PRIMARY KEY,
  to_address TEXT NOT NULL,
  subject    TEXT NOT NULL,
  body       TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX mails_created ON mails (created_at);

CREATE TABLE invitations (
  id          TEXT PRIMARY KEY,
  email       TEXT NOT NULL,
  customer_id TEXT REFERENCES customers(id),
  hash        TEXT NOT NULL UNIQUE,
  expires_at  INTEGER NOT NULL,
  used_at     INTEGER,
  created_at  INTEGER NOT NULL
);

ALTER TABLE credentials ADD COLUMN origin TEXT CHECK (origin IN ('platform'));
ALTER TABLE credentials ADD COLUMN user_id TEXT;
ALTER TABLE credentials ADD COLUMN session_id TEXT;
CREATE INDEX credentials_user ON credentials (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX credentials_session ON credentials (session_id) WHERE session_id IS NOT NULL;
