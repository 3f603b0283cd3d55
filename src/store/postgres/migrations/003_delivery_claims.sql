-- Several nodes on one store: a due delivery is claimed (node id, lease end in Clock ms) before it is POSTed, so
-- two nodes never send it at once; a claim left by a node that died lapses and another node sends it again.
-- Claim times follow the Clock like the due times they are compared with (src/events/webhook-dispatcher.ts).
ALTER TABLE webhook_deliveries ADD COLUMN claimed_by TEXT;
ALTER TABLE webhook_deliveries ADD COLUMN claimed_until BIGINT;
