-- The event log without an index on event ids. An id carries its event's place (`evt_live_1001_000000000042`: the
-- customer's number and the place among its events; ids written before customers numbered their own carry the row's
-- number, which is their place too), so a cursor is found through events_position (or the row's key) and the unique
-- index on ids only cost every event insert a B-tree entry (docs/PERFORMANCE.md, run 20). SQLite cannot drop the
-- index of a column's UNIQUE: the table is copied into one without it, once, at this migration (a log of a million
-- events, ≈900 MB, took ≈8 s on the bench machine), keeping each row's number and the counter that numbers new
-- rows (AUTOINCREMENT: a number is never used twice).
CREATE TEMP TABLE events_numbered AS SELECT seq FROM sqlite_sequence WHERE name = 'events';
CREATE TABLE events_copy (
  seq         INTEGER PRIMARY KEY AUTOINCREMENT,
  id          TEXT NOT NULL,
  environment TEXT NOT NULL,
  account_id  TEXT NOT NULL,
  type        TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  data        TEXT NOT NULL,     -- the event as the API shows it
  customer_id TEXT,
  cseq        INTEGER
);
INSERT INTO events_copy (seq, id, environment, account_id, type, created_at, data, customer_id, cseq)
SELECT seq, id, environment, account_id, type, created_at, data, customer_id, cseq FROM events ORDER BY seq;
DROP TABLE events;
ALTER TABLE events_copy RENAME TO events;
UPDATE sqlite_sequence SET seq = MAX(seq, COALESCE((SELECT seq FROM events_numbered), 0)) WHERE name = 'events';
INSERT INTO sqlite_sequence (name, seq) SELECT 'events', seq FROM events_numbered WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'events');
DROP TABLE events_numbered;
CREATE UNIQUE INDEX events_position ON events (environment, customer_id, cseq);
CREATE INDEX events_account_position ON events (account_id, cseq);
