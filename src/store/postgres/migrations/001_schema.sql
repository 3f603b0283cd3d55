-- The schema SQLite reaches after its migrations 001..008, in PostgreSQL's dialect. Money, prices and sizes are
-- numeric (exact, never float); Unix ms times and sequence numbers are bigint; JSON columns are text, so the bytes
-- the REST layer wrote are the bytes it reads back. Ids compare and sort bytewise (COLLATE "C"), as in SQLite,
-- whatever the database's locale.
CREATE TABLE customers (
  id           TEXT COLLATE "C" PRIMARY KEY,
  number       BIGINT NOT NULL UNIQUE,
  name         TEXT NOT NULL,
  api_enabled  BOOLEAN NOT NULL,
  created_at   BIGINT NOT NULL
);

CREATE TABLE credentials (
  id               TEXT COLLATE "C" PRIMARY KEY,
  kind             TEXT NOT NULL CHECK (kind IN ('key', 'token')),
  customer_id      TEXT COLLATE "C" NOT NULL REFERENCES customers(id),
  name             TEXT NOT NULL,
  environment      TEXT NOT NULL CHECK (environment IN ('live', 'sandbox')),
  access           TEXT NOT NULL CHECK (access IN ('read', 'trade')),
  token_kind       TEXT CHECK (token_kind IN ('app', 'assistant')),
  resource         TEXT,
  markets          TEXT,            -- JSON array, NULL = every market
  reduce_only      BOOLEAN NOT NULL,
  max_order_usd    NUMERIC,
  max_position_usd NUMERIC,
  loss_stop_usd    NUMERIC,
  ip_allowlist     TEXT NOT NULL,   -- JSON array of CIDR, empty = any address
  expires_at       BIGINT,
  revoked_at       BIGINT,
  created_at       BIGINT NOT NULL,
  last_used_at     BIGINT,
  prefix           TEXT NOT NULL,
  hash             TEXT COLLATE "C" NOT NULL UNIQUE,
  CHECK ((kind = 'key' AND token_kind IS NULL AND resource IS NULL)
      OR (kind = 'token' AND token_kind IS NOT NULL AND resource IS NOT NULL))
);
CREATE INDEX credentials_customer ON credentials (customer_id, kind, created_at);

CREATE TABLE accounts (
  seq              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id               TEXT COLLATE "C" NOT NULL UNIQUE,
  customer_id      TEXT COLLATE "C" NOT NULL REFERENCES customers(id),
  environment      TEXT NOT NULL CHECK (environment IN ('live', 'sandbox')),
  status           TEXT NOT NULL,
  stage            TEXT NOT NULL,
  product          TEXT NOT NULL,
  size             NUMERIC NOT NULL,
  starting_balance NUMERIC NOT NULL,
  balance          NUMERIC NOT NULL,
  rule             TEXT NOT NULL,   -- JSON, CONTRACT §3 Rule
  status_reason    TEXT,
  parked           BOOLEAN NOT NULL DEFAULT FALSE,
  paused_until     BIGINT,
  last_used_at     BIGINT NOT NULL,
  created_at       BIGINT NOT NULL,
  updated_at       BIGINT NOT NULL,
  rule_state       TEXT
);
CREATE INDEX accounts_customer ON accounts (customer_id, environment, seq);
CREATE INDEX accounts_status ON accounts (status);

CREATE TABLE sequences (
  name  TEXT COLLATE "C" PRIMARY KEY,
  value BIGINT NOT NULL
);

CREATE TABLE idempotency (
  scope         TEXT COLLATE "C" NOT NULL,
  key           TEXT COLLATE "C" NOT NULL,
  fingerprint   TEXT NOT NULL,
  status        INTEGER NOT NULL,
  resource_kind TEXT,
  resource_id   TEXT,
  body          TEXT,
  created_at    BIGINT NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_created ON idempotency (created_at);

CREATE TABLE market_states (
  market  TEXT COLLATE "C" PRIMARY KEY,
  status  TEXT NOT NULL CHECK (status IN ('open', 'closed', 'halted')),
  offered BOOLEAN NOT NULL
);

CREATE TABLE environment_states (
  environment     TEXT PRIMARY KEY CHECK (environment IN ('live', 'sandbox')),
  enabled         BOOLEAN NOT NULL,
  sandbox_opening BOOLEAN NOT NULL
);

CREATE TABLE settings (
  name  TEXT COLLATE "C" PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE orders (
  id              TEXT COLLATE "C" PRIMARY KEY,
  seq             BIGINT NOT NULL,
  environment     TEXT NOT NULL,
  account_id      TEXT COLLATE "C" NOT NULL REFERENCES accounts(id),
  customer_id     TEXT COLLATE "C" NOT NULL,
  client_order_id TEXT COLLATE "C",
  market          TEXT NOT NULL,
  status          TEXT NOT NULL,
  created_at      BIGINT NOT NULL,
  updated_at      BIGINT NOT NULL,
  data            TEXT NOT NULL     -- the whole order (engine serialization)
);
CREATE UNIQUE INDEX orders_client_id ON orders (customer_id, environment, client_order_id) WHERE client_order_id IS NOT NULL;
CREATE INDEX orders_account ON orders (account_id, seq);
CREATE INDEX orders_open ON orders (environment, seq) WHERE status IN ('pending', 'working', 'unconfirmed');

CREATE TABLE fills (
  seq         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id          TEXT COLLATE "C" NOT NULL UNIQUE,
  account_id  TEXT COLLATE "C" NOT NULL REFERENCES accounts(id),
  order_id    TEXT COLLATE "C" NOT NULL,
  filled_at   BIGINT NOT NULL,
  data        TEXT NOT NULL
);
CREATE INDEX fills_account ON fills (account_id, seq);

CREATE TABLE positions (
  account_id TEXT COLLATE "C" NOT NULL REFERENCES accounts(id),
  market     TEXT COLLATE "C" NOT NULL,
  data       TEXT NOT NULL,
  PRIMARY KEY (account_id, market)
);

CREATE TABLE margin_settings (
  account_id TEXT COLLATE "C" NOT NULL REFERENCES accounts(id),
  market     TEXT COLLATE "C" NOT NULL,
  leverage   INTEGER NOT NULL,
  mode       TEXT NOT NULL CHECK (mode IN ('isolated', 'cross')),
  PRIMARY KEY (account_id, market)
);

-- seq is given by the writer (the trading host numbers events after the log's last seq).
CREATE TABLE events (
  seq         BIGINT PRIMARY KEY,
  id          TEXT COLLATE "C" NOT NULL UNIQUE,
  environment TEXT NOT NULL,
  account_id  TEXT COLLATE "C" NOT NULL,
  customer_id TEXT COLLATE "C",
  type        TEXT NOT NULL,
  created_at  BIGINT NOT NULL,
  data        TEXT NOT NULL     -- the event as the API shows it
);
CREATE INDEX events_env ON events (environment, seq);
CREATE INDEX events_account ON events (account_id, seq);
CREATE INDEX events_customer ON events (customer_id, environment, seq);
CREATE INDEX events_created ON events (created_at);

CREATE TABLE quotes (
  market TEXT COLLATE "C" PRIMARY KEY,
  bid    NUMERIC NOT NULL,
  ask    NUMERIC NOT NULL,
  last   NUMERIC NOT NULL,
  time   BIGINT NOT NULL
);

CREATE TABLE webhooks (
  seq         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id          TEXT COLLATE "C" NOT NULL UNIQUE,
  customer_id TEXT COLLATE "C" NOT NULL REFERENCES customers(id),
  environment TEXT NOT NULL CHECK (environment IN ('live', 'sandbox')),
  url         TEXT NOT NULL,
  types       TEXT,             -- JSON array of event types, NULL = every type
  account_id  TEXT COLLATE "C",
  secret      TEXT NOT NULL,    -- sealed whsec_ signing secret
  after_seq   BIGINT NOT NULL,
  created_at  BIGINT NOT NULL
);
CREATE INDEX webhooks_customer ON webhooks (customer_id, environment, seq);

CREATE TABLE webhook_deliveries (
  seq             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id              TEXT COLLATE "C" NOT NULL UNIQUE,
  webhook_id      TEXT COLLATE "C" NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  event_seq       BIGINT NOT NULL,
  event_id        TEXT NOT NULL,
  event_type      TEXT NOT NULL,
  payload         TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts        INTEGER NOT NULL,
  next_attempt_at BIGINT,
  created_at      BIGINT NOT NULL,
  finished_at     BIGINT,
  UNIQUE (webhook_id, event_seq)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, seq) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, seq);
CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (finished_at) WHERE status != 'pending';

CREATE TABLE webhook_attempts (
  delivery_id TEXT COLLATE "C" NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  n           INTEGER NOT NULL,
  at          BIGINT NOT NULL,
  status_code INTEGER,
  error       TEXT,
  duration_ms BIGINT NOT NULL,
  PRIMARY KEY (delivery_id, n)
);

CREATE TABLE equity_points (
  seq        BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id TEXT COLLATE "C" NOT NULL REFERENCES accounts(id),
  resolution TEXT NOT NULL CHECK (resolution IN ('trade', 'day')),
  time       BIGINT NOT NULL,
  equity     NUMERIC NOT NULL,
  balance    NUMERIC NOT NULL
);
CREATE INDEX equity_points_account ON equity_points (account_id, resolution, seq);

-- The webhook fan-out starts after the events that exist now (none in a new database).
INSERT INTO settings (name, value) VALUES ('webhooks.fanout_seq', '0');
