-- Keys and app tokens become one table of credentials (kind key or token): every row keeps its id, hash and
-- fields. A token's app/assistant kind is token_kind; token_kind and resource are NULL for keys.
CREATE TABLE credentials (
  id               TEXT PRIMARY KEY,
  kind             TEXT NOT NULL CHECK (kind IN ('key', 'token')),
  customer_id      TEXT NOT NULL REFERENCES customers(id),
  name             TEXT NOT NULL,
  environment      TEXT NOT NULL CHECK (environment IN ('live', 'sandbox')),
  access           TEXT NOT NULL CHECK (access IN ('read', 'trade')),
  token_kind       TEXT CHECK (token_kind IN ('app', 'assistant')),
  resource         TEXT,
  markets          TEXT,            -- JSON array, NULL = every market
  reduce_only      INTEGER NOT NULL,
  max_order_usd    TEXT,
  max_position_usd TEXT,
  loss_stop_usd    TEXT,
  ip_allowlist     TEXT NOT NULL,   -- JSON array of CIDR, empty = any address
  expires_at       INTEGER,
  revoked_at       INTEGER,
  created_at       INTEGER NOT NULL,
  last_used_at     INTEGER,
  prefix           TEXT NOT NULL,
  hash             TEXT NOT NULL UNIQUE,
  CHECK ((kind = 'key' AND token_kind IS NULL AND resource IS NULL)
      OR (kind = 'token' AND token_kind IS NOT NULL AND resource IS NOT NULL))
);
CREATE INDEX credentials_customer ON credentials (customer_id, kind, created_at);

INSERT INTO credentials (id, kind, customer_id, name, environment, access, token_kind, resource, markets, reduce_only,
  max_order_usd, max_position_usd, loss_stop_usd, ip_allowlist, expires_at, revoked_at, created_at, last_used_at, prefix, hash)
SELECT id, 'key', customer_id, name, environment, access, NULL, NULL, markets, reduce_only,
  max_order_usd, max_position_usd, loss_stop_usd, ip_allowlist, expires_at, revoked_at, created_at, last_used_at, prefix, hash
FROM api_keys;

INSERT INTO credentials (id, kind, customer_id, name, environment, access, token_kind, resource, markets, reduce_only,
  max_order_usd, max_position_usd, loss_stop_usd, ip_allowlist, expires_at, revoked_at, created_at, last_used_at, prefix, hash)
SELECT id, 'token', customer_id, name, environment, access, kind, resource, markets, reduce_only,
  max_order_usd, max_position_usd, loss_stop_usd, ip_allowlist, expires_at, revoked_at, created_at, last_used_at, prefix, hash
FROM access_tokens;

DROP TABLE api_keys;
DROP TABLE access_tokens;
