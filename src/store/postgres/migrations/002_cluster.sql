-- Several nodes on one database (CONTRACT §8). Times are Unix ms from the database clock (clock_timestamp()):
-- every node compares leases against the one clock, never against its own (nor the manual test Clock).

-- The node registry: each node upserts its row every heartbeat; internal_url is where other nodes reach it.
CREATE TABLE cluster_nodes (
  id TEXT PRIMARY KEY,
  internal_url TEXT NOT NULL,
  last_seen BIGINT NOT NULL
);

-- One row per engine partition once any node took it. epoch only grows (fencing: a write carries the epoch it
-- believes it holds, and is refused once the row's epoch moved on). owner is NULL after a release.
-- previous_heartbeat_at: the last owner's final heartbeat, kept at take-over to choose resume vs restart.
CREATE TABLE partition_leases (
  environment TEXT NOT NULL CHECK (environment IN ('live', 'sandbox')),
  partition INTEGER NOT NULL CHECK (partition >= 0),
  owner TEXT,
  epoch BIGINT NOT NULL CHECK (epoch >= 1),
  since BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  heartbeat_at BIGINT NOT NULL,
  previous_heartbeat_at BIGINT,
  PRIMARY KEY (environment, partition)
);
