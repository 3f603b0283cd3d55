-- Orders, fills, positions, margin settings and the event log of the trading engine.
CREATE TABLE orders (
  id              TEXT PRIMARY KEY,
  seq             INTEGER NOT NULL,
  environment     TEXT NOT NULL,
  account_id      TEXT NOT NULL REFERENCES accounts(id),
  customer_id     TEXT NOT NULL,
  client_order_id TEXT,
  market          TEXT NOT NULL,
  status          TEXT NOT NULL,
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL,
  data            TEXT NOT NULL     -- the whole order (engine serialization)
);
CREATE UNIQUE INDEX orders_client_id ON orders (customer_id, environment, client_order_id) WHERE client_order_id IS NOT NULL;
CREATE INDEX orders_account ON orders (account_id, seq);
CREATE INDEX orders_open ON orders (environment, status) WHERE status IN ('pending', 'working', 'unconfirmed');

CREATE TABLE fills (
  seq         INTEGER PRIMARY KEY AUTOINCREMENT,
  id          TEXT NOT NULL UNIQUE,
  account_id  TEXT NOT NULL REFERENCES accounts(id),
  order_id    TEXT NOT NULL,
  filled_at   INTEGER NOT NULL,
  data        TEXT NOT NULL
);
CREATE INDEX fills_account ON fills (account_id, seq);

CREATE TABLE positions (
  account_id TEXT NOT NULL REFERENCES accounts(id),
  market     TEXT NOT NULL,
  data       TEXT NOT NULL,
  PRIMARY KEY (account_id, market)
);

CREATE TABLE margin_settings (
  account_id TEXT NOT NULL REFERENCES accounts(id),
  market     TEXT NOT NULL,
  leverage   INTEGER NOT NULL,
  mode       TEXT NOT NULL CHECK (mode IN ('isolated', 'cross')),
  PRIMARY KEY (account_id, market)
);

CREATE TABLE events (
  seq         INTEGER PRIMARY KEY AUTOINCREMENT,
  id          TEXT NOT NULL UNIQUE,
  environment TEXT NOT NULL,
  account_id  TEXT NOT NULL,
  type        TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  data        TEXT NOT NULL     -- the event as the API shows it
);
CREATE INDEX events_env ON events (environment, seq);
CREATE INDEX events_account ON events (account_id, seq);

CREATE TABLE quotes (
  market TEXT PRIMARY KEY,
  bid    TEXT NOT NULL,
  ask    TEXT NOT NULL,
  last   TEXT NOT NULL,
  time   INTEGER NOT NULL
);
