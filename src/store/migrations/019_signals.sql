-- Signals (docs/SIGNALS.md): alert URLs a customer gives TradingView or a bridge. The URL's secret is kept as its
-- SHA-256 only (it is 32 random bytes, shown once); each alert and what it did is a row of signal_alerts.
CREATE TABLE signals (
  seq           INTEGER PRIMARY KEY AUTOINCREMENT,
  id            TEXT NOT NULL UNIQUE,
  customer_id   TEXT NOT NULL REFERENCES customers(id),
  environment   TEXT NOT NULL CHECK (environment IN ('live', 'sandbox')),
  name          TEXT NOT NULL,
  secret_hash   TEXT NOT NULL UNIQUE,
  secret_hint   TEXT NOT NULL,    -- the URL's last four characters, to tell URLs apart
  accounts      TEXT NOT NULL,    -- JSON [{account_id, multiplier}]
  markets       TEXT,             -- JSON array, NULL = every market
  max_order_usd TEXT,
  reduce_only   INTEGER NOT NULL,
  no_hedging    INTEGER NOT NULL,
  expires_at    INTEGER,
  created_at    INTEGER NOT NULL,
  credential_id TEXT,             -- the key or token that made it: revoked, the URL dies with it
  revoked_at    INTEGER
);
CREATE INDEX signals_customer ON signals (customer_id, environment, seq);

-- One row per alert received: its de-duplication key (unique per signal while kept), what was asked, what it did.
CREATE TABLE signal_alerts (
  seq           INTEGER PRIMARY KEY AUTOINCREMENT,
  id            TEXT NOT NULL UNIQUE,
  signal_id     TEXT NOT NULL,
  dedup_key     TEXT,
  received_at   INTEGER NOT NULL,
  status        TEXT NOT NULL,    -- pending | done | refused
  request       TEXT NOT NULL,    -- JSON: the alert as read (or why it could not be read)
  results       TEXT,             -- JSON [{account_id, outcome, order_id, code, message}]
  claimed_until INTEGER,
  finished_at   INTEGER
);
CREATE UNIQUE INDEX signal_alerts_dedup ON signal_alerts (signal_id, dedup_key);
CREATE INDEX signal_alerts_signal ON signal_alerts (signal_id, seq);
CREATE INDEX signal_alerts_pending ON signal_alerts (status, received_at);
