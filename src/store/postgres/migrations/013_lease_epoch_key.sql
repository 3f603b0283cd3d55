-- The lease fence (src/cluster/fence.ts) locks its partition's lease row FOR KEY SHARE until the write's COMMIT. That
-- lock must hold back a take-over (a new owner at epoch + 1) and nothing else: the owner's own renewal, every
-- lease period, used to queue behind its open batch (the fence was FOR SHARE, which every UPDATE waits for).
-- PostgreSQL takes the strong row lock (FOR UPDATE) only for an UPDATE that changes a key column: a column of a
-- unique, non-partial index. This index makes `epoch` one, so a take-over (SET epoch = epoch + 1) still waits for
-- every fenced write of the old epoch, while a renewal or a release (expires_at, heartbeat_at, owner) takes
-- FOR NO KEY UPDATE and passes.
CREATE UNIQUE INDEX partition_leases_epoch ON partition_leases (environment, partition, epoch);
