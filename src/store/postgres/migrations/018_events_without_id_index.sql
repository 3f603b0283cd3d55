-- The event log without an index on event ids. An id carries its event's place (`evt_live_1001_000000000042`: the
-- customer's number and the place among its events; ids written before customers numbered their own carry the row's
-- seq, which is their place too), so a cursor is found through events_position (or the primary key), and the unique
-- index on ids only cost every event insert an index entry and its WAL (docs/PERFORMANCE.md, runs 18 and 20).
ALTER TABLE events DROP CONSTRAINT IF EXISTS events_id_key;
