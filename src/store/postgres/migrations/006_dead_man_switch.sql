-- The account's dead-man switch (POST /v1/accounts/{id}/orders/cancel-all-after): when it fires, epoch ms; NULL when
-- it is not armed. Stored with the account so an engine that loads the account (a restart, a take-over of its
-- partition) fires it on time.
ALTER TABLE accounts ADD COLUMN IF NOT EXISTS dead_man_fires_at BIGINT;
