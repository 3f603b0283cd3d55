-- docs/SECURITY.md items 7, 8 and 12. Open sign-up no longer makes a user at once: a sign-up waits here until its
-- address is confirmed by the link mailed to it (the sha256 of the link's token, never the token; the scrypt hash of
-- the chosen password). Attempts are counters of one subject (a sign-in from one address for one email, all
-- sign-ins of one email, the mails sent to one address or user) kept under the sha256 of scope and subject, so the
-- emails and addresses tried are not kept in the clear, and every node judges from the same rows.
-- users.failed_sign_ins and users.locked_until are no longer read or written (the lock-out lives in attempts); they
-- stay so that nodes of the previous version keep working during a rolling upgrade.
CREATE TABLE sign_ups (
  id            TEXT PRIMARY KEY,
  email         TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  hash          TEXT NOT NULL UNIQUE,
  expires_at    INTEGER NOT NULL,
  used_at       INTEGER,
  created_at    INTEGER NOT NULL
);
CREATE INDEX sign_ups_expires ON sign_ups (expires_at);

CREATE TABLE attempts (
  subject       TEXT PRIMARY KEY,
  hits          INTEGER NOT NULL,
  window_start  INTEGER NOT NULL,
  blocked_until INTEGER,
  passed_at     INTEGER,
  updated_at    INTEGER NOT NULL
);
CREATE INDEX attempts_updated ON attempts (updated_at);
