-- Due webhook deliveries are read in (due time, creation) order straight off an index: no sort of the whole
-- pending outbox per batch, however long the backlog.
DROP INDEX webhook_deliveries_due;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, seq) WHERE status = 'pending';
