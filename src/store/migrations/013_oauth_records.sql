-- The OAuth authorization server's records (oidc-provider's models: sessions, interactions, grants, codes, refresh
-- tokens, registered clients, and the Rampart credentials minted for a grant): one generic table, kept in the
-- store so any node serves any step of a flow. payload is the model's JSON; expires_at epoch ms (NULL: never).
CREATE TABLE oauth_records (
  model TEXT NOT NULL,
  id TEXT NOT NULL,
  payload TEXT NOT NULL,
  expires_at INTEGER,
  grant_id TEXT,
  user_code TEXT,
  uid TEXT,
  consumed_at INTEGER,
  PRIMARY KEY (model, id)
);
CREATE INDEX oauth_records_grant ON oauth_records (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oauth_records_uid ON oauth_records (model, uid) WHERE uid IS NOT NULL;
CREATE INDEX oauth_records_user_code ON oauth_records (model, user_code) WHERE user_code IS NOT NULL;
