-- docs/SECURITY.md items 7, 8 and 12. Open sign-up no longer makes a user at once: a sign-up waits here until its
-- address is confirmed by the link mailed to it (the sha256 of the link's token, never the token; the scrypt hash of
-- the chosen password). Attempts are counters of one subject (a sign-in from one address for one email, all
-- sign-ins of one email, the mails sent to one address or user) kept under the sha256 of scope and subject, so the
-- emails and addresses tried are not kept in the clear, and every node judges from the same rows.
-- users.failed_sign_ins and users.locked_until are no longer read or written (the lock-out lives in attempts); they
-- stay so that nodes of the previous version keep working during a rolling upgrade.
CREATE TABLE IF NOT EXISTS sign_ups (
  id            TEXT COLLATE "C" PRIMARY KEY,
  email         TEXT COLLATE "C" NOT NULL,
  password_hash TEXT NOT NULL,
  hash          TEXT COLLATE "C" NOT NULL UNIQUE,
  expires_at    BIGINT NOT NULL,
  used_at       BIGINT,
  created_at    BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS sign_ups_expires ON sign_ups (expires_at);

CREATE TABLE IF NOT EXISTS attempts (
  subject       TEXT COLLATE "C" PRIMARY KEY,
  hits          INTEGER NOT NULL,
  window_start  BIGINT NOT NULL,
  blocked_until BIGINT,
  passed_at     BIGINT,
  updated_at    BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS attempts_updated ON attempts (updated_at);
