-- Retention drops the oldest events by seq, up to the first one inside the retention (seq order follows time): the
-- index on created_at served it alone, and every event insert paid for it.
DROP INDEX IF EXISTS events_created;
