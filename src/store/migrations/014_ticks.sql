-- The tick record (GET /admin/v1/markets/{market}/ticks, docs/PRICE-FEEDS.md): every quote the engine acted on
-- (kind 'quote', with the feed that made it and, for the exchanges' composite, the sources used and set aside as
-- JSON) and each exchange message's prices (kind 'source', with the raw message). Prices are decimal text as
-- everywhere in the store; times epoch ms. Retention drops the oldest rows by id (no index on time alone).
CREATE TABLE ticks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  market TEXT NOT NULL,
  time INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('quote', 'source')),
  source TEXT NOT NULL,
  bid TEXT NOT NULL,
  ask TEXT NOT NULL,
  last TEXT NOT NULL,
  exchange_time INTEGER,
  raw TEXT,
  used TEXT,
  set_aside TEXT
);
CREATE INDEX ticks_market_time ON ticks (market, time, id);
