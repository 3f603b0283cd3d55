-- Customers, keys, app tokens, accounts, idempotency records and operator switches.
CREATE TABLE customers (
  id           TEXT PRIMARY KEY,
  number       INTEGER NOT NULL UNIQUE,
  name         TEXT NOT NULL,
  api_enabled  INTEGER NOT NULL,
  created_at   INTEGER NOT NULL
);

CREATE TABLE api_keys (
  id               TEXT PRIMARY KEY,
  customer_id      TEXT NOT NULL REFERENCES customers(id),
  name             TEXT NOT NULL,
  environment      TEXT NOT NULL CHECK (environment IN ('live', 'sandbox')),
  access           TEXT NOT NULL CHECK (access IN ('read', 'trade')),
  markets          TEXT,            -- JSON array, NULL = every market
  reduce_only      INTEGER NOT NULL,
  max_order_usd    TEXT,
  max_position_usd TEXT,
  loss_stop_usd    TEXT,
  ip_allowlist     TEXT NOT NULL,   -- JSON array of CIDR, empty = any address
  expires_at       INTEGER,
  revoked_at       INTEGER,
  created_at       INTEGER NOT NULL,
  last_used_at     INTEGER,
  prefix           TEXT NOT NULL,
  hash             TEXT NOT NULL UNIQUE
);
CREATE INDEX api_keys_customer ON api_keys (customer_id, created_at);

CREATE TABLE access_tokens (
  id               TEXT PRIMARY KEY,
  customer_id      TEXT NOT NULL REFERENCES customers(id),
  kind             TEXT NOT NULL CHECK (kind IN ('app', 'assistant')),
  name             TEXT NOT NULL,
  environment      TEXT NOT NULL CHECK (environment IN ('live', 'sandbox')),
  resource         TEXT NOT NULL,
  access           TEXT NOT NULL CHECK (access IN ('read', 'trade')),
  markets          TEXT,
  reduce_only      INTEGER NOT NULL,
  max_order_usd    TEXT,
  max_position_usd TEXT,
  loss_stop_usd    TEXT,
  ip_allowlist     TEXT NOT NULL,
  expires_at       INTEGER,
  revoked_at       INTEGER,
  created_at       INTEGER NOT NULL,
  last_used_at     INTEGER,
  prefix           TEXT NOT NULL,
  hash             TEXT NOT NULL UNIQUE
);
CREATE INDEX access_tokens_customer ON access_tokens (customer_id, created_at);

CREATE TABLE accounts (
  seq              INTEGER PRIMARY KEY AUTOINCREMENT,
  id               TEXT NOT NULL UNIQUE,
  customer_id      TEXT NOT NULL REFERENCES customers(id),
  environment      TEXT NOT NULL CHECK (environment IN ('live', 'sandbox')),
  status           TEXT NOT NULL,
  stage            TEXT NOT NULL,
  product          TEXT NOT NULL,
  size             TEXT NOT NULL,
  starting_balance TEXT NOT NULL,
  balance          TEXT NOT NULL,
  rule             TEXT NOT NULL,   -- JSON, CONTRACT §3 Rule
  status_reason    TEXT,
  parked           INTEGER NOT NULL DEFAULT 0,
  paused_until     INTEGER,
  last_used_at     INTEGER NOT NULL,
  created_at       INTEGER NOT NULL,
  updated_at       INTEGER NOT NULL
);
CREATE INDEX accounts_customer ON accounts (customer_id, environment, seq);
CREATE INDEX accounts_status ON accounts (status);

CREATE TABLE sequences (
  name  TEXT PRIMARY KEY,
  value INTEGER NOT NULL
);

CREATE TABLE idempotency (
  scope         TEXT NOT NULL,      -- customer id + environment
  key           TEXT NOT NULL,
  fingerprint   TEXT NOT NULL,
  status        INTEGER NOT NULL,
  resource_kind TEXT,
  resource_id   TEXT,
  body          TEXT,               -- stored refusal (JSON), when the answer was one
  created_at    INTEGER NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_created ON idempotency (created_at);

CREATE TABLE market_states (
  market  TEXT PRIMARY KEY,
  status  TEXT NOT NULL CHECK (status IN ('open', 'closed', 'halted')),
  offered INTEGER NOT NULL
);

CREATE TABLE environment_states (
  environment     TEXT PRIMARY KEY CHECK (environment IN ('live', 'sandbox')),
  enabled         INTEGER NOT NULL,
  sandbox_opening INTEGER NOT NULL
);

CREATE TABLE settings (
  name  TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
