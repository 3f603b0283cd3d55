-- Reading the event log per customer, pruning it by age, webhook endpoints and their durable delivery outbox.
ALTER TABLE events ADD COLUMN customer_id TEXT;
UPDATE events SET customer_id = (SELECT a.customer_id FROM accounts a WHERE a.id = events.account_id);
CREATE INDEX events_customer ON events (customer_id, environment, seq);
CREATE INDEX events_created ON events (created_at);

CREATE TABLE webhooks (
  seq         INTEGER PRIMARY KEY AUTOINCREMENT,
  id          TEXT NOT NULL UNIQUE,
  customer_id TEXT NOT NULL REFERENCES customers(id),
  environment TEXT NOT NULL CHECK (environment IN ('live', 'sandbox')),
  url         TEXT NOT NULL,
  types       TEXT,             -- JSON array of event types, NULL = every type
  account_id  TEXT,             -- NULL = every account of the customer in the environment
  secret      TEXT NOT NULL,    -- whsec_…: needed to sign, so kept (the API shows it once)
  after_seq   INTEGER NOT NULL, -- the endpoint receives the events after this one (those after its creation)
  created_at  INTEGER NOT NULL
);
CREATE INDEX webhooks_customer ON webhooks (customer_id, environment, seq);

-- The outbox: one row per (endpoint, event), written by the fan-out in one transaction with its cursor.
CREATE TABLE webhook_deliveries (
  seq             INTEGER PRIMARY KEY AUTOINCREMENT,
  id              TEXT NOT NULL UNIQUE,
  webhook_id      TEXT NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  event_seq       INTEGER NOT NULL,
  event_id        TEXT NOT NULL,
  event_type      TEXT NOT NULL,
  payload         TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts        INTEGER NOT NULL,
  next_attempt_at INTEGER,
  created_at      INTEGER NOT NULL,
  finished_at     INTEGER,
  UNIQUE (webhook_id, event_seq)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, seq);
CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (finished_at) WHERE status != 'pending';

CREATE TABLE webhook_attempts (
  delivery_id TEXT NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  n           INTEGER NOT NULL,
  at          INTEGER NOT NULL,
  status_code INTEGER,
  error       TEXT,
  duration_ms INTEGER NOT NULL,
  PRIMARY KEY (delivery_id, n)
);

-- The fan-out starts after the events that exist now (no endpoint existed before them).
INSERT OR REPLACE INTO settings (name, value) SELECT 'webhooks.fanout_seq', CAST(COALESCE(MAX(seq), 0) AS TEXT) FROM events;
