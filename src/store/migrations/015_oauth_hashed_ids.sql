-- OAuth records keyed by a hash (docs/SECURITY.md, finding 9): codes, refresh tokens, sessions and every other
-- token-valued model are stored under the SHA-256 of their value, never the value itself (src/services/oauth/
-- adapter.ts). Rows written before were keyed by the raw value: they cannot be rehashed in SQL, so every record
-- of a flow or a grant is dropped (codes live 60 s and interactions an hour; apps and assistants authorise again),
-- and the access tokens minted for those grants are revoked, since their grants are gone. Registered clients stay.
-- account_id: the user a session, grant or consent belongs to (signing out and a new password end them);
-- address: the address a client registered from while it was never used for a grant (the per-address cap).
ALTER TABLE oauth_records ADD COLUMN account_id TEXT;
ALTER TABLE oauth_records ADD COLUMN address TEXT;
CREATE INDEX oauth_records_account ON oauth_records (model, account_id) WHERE account_id IS NOT NULL;
CREATE INDEX oauth_records_address ON oauth_records (model, address) WHERE address IS NOT NULL;
UPDATE credentials SET revoked_at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
  WHERE revoked_at IS NULL AND id IN (SELECT id FROM oauth_records WHERE model = 'RampartToken');
DELETE FROM oauth_records WHERE model <> 'Client';
