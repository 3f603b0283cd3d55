-- The event log without a counter shared by every writer (docs/ARCHITECTURE.md, "The event log"). Each event has
-- its place among its customer's events in its environment (cseq), numbered by the engine partition that holds the
-- customer: lists, streams and webhook deliveries read one customer's events in that order. Events written before
-- were numbered on one counter; that number is their place (it grows along each customer's events), and each
-- customer's next events follow their last. seq stays the row's identity and the order retention drops in.
ALTER TABLE events ADD COLUMN cseq INTEGER;
UPDATE events SET cseq = seq;
CREATE UNIQUE INDEX events_position ON events (environment, customer_id, cseq);
CREATE INDEX events_account_position ON events (account_id, cseq);
DROP INDEX events_env;
DROP INDEX events_account;
DROP INDEX events_customer;

-- Webhook deliveries are made with their events, in the events' transaction: no fan-out cursor. The events the
-- fan-out had not reached get theirs now, once; the cursor goes.
INSERT OR IGNORE INTO webhook_deliveries (id, webhook_id, event_seq, event_id, event_type, payload, status, attempts, next_attempt_at, created_at, finished_at)
SELECT 'whd_' || lower(hex(randomblob(12))), w.id, e.cseq, e.id, e.type, e.data, 'pending', 0, e.created_at, e.created_at, NULL
FROM events e
JOIN webhooks w ON w.environment = e.environment AND w.customer_id = e.customer_id
  AND (w.account_id IS NULL OR w.account_id = e.account_id)
  AND (w.types IS NULL OR EXISTS (SELECT 1 FROM json_each(w.types) t WHERE t.value = e.type))
WHERE e.seq > w.after_seq
  AND e.seq > COALESCE((SELECT CAST(value AS INTEGER) FROM settings WHERE name = 'webhooks.fanout_seq'), (SELECT MAX(seq) FROM events));
DELETE FROM settings WHERE name = 'webhooks.fanout_seq';
