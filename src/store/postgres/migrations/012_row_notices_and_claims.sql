-- Each node keeps the keys (by hash), customers and accounts it reads on every request in memory
-- (src/store/postgres/record-cache.ts). A committed change to one of those rows, by any session (a node, the CLI, an
-- operator's own SQL), tells every node to drop it: a NOTIFY on rampart_rows, delivered at COMMIT and never for a
-- rollback. The node's sessions name themselves (the start-up option rampart.origin) so a node can leave out the
-- notices of its own writes, which it applied to its memory already.
CREATE FUNCTION rampart_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_key text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    row_key := to_jsonb(OLD) ->> TG_ARGV[0];
  ELSE
    row_key := to_jsonb(NEW) ->> TG_ARGV[0];
  END IF;
  PERFORM pg_notify('rampart_rows', json_build_object(
    'origin', current_setting('rampart.origin', true),
    'schema', TG_TABLE_SCHEMA,
    'table', TG_TABLE_NAME,
    'key', row_key)::text);
  RETURN NULL;
END;
$$;

-- A key's last use is stamped every second by every node that served it; nothing judges a request by it.
CREATE TRIGGER credentials_changed AFTER UPDATE ON credentials FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'last_used_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_used_at'))
  EXECUTE FUNCTION rampart_row_changed('hash');
CREATE TRIGGER credentials_deleted AFTER DELETE ON credentials FOR EACH ROW
  EXECUTE FUNCTION rampart_row_changed('hash');
CREATE TRIGGER customers_changed AFTER UPDATE OR DELETE ON customers FOR EACH ROW
  EXECUTE FUNCTION rampart_row_changed('id');
CREATE TRIGGER accounts_changed AFTER UPDATE OR DELETE ON accounts FOR EACH ROW
  EXECUTE FUNCTION rampart_row_changed('id');

-- An Idempotency-Key's lock between nodes and its record, in one round trip (src/store/postgres/locks.ts): the same
-- transaction-scoped advisory lock as tryLock, then the record read by a statement of its own (a VOLATILE function's
-- statements each take a fresh snapshot), so what the lock's previous holder committed before letting go is seen.
CREATE FUNCTION rampart_claim_idempotency(lock_name text, claim_scope text, claim_key text)
RETURNS TABLE (locked boolean, fingerprint text, status integer, resource_kind text, resource_id text, body text, created_at bigint)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('rampart.' || lock_name || ':' || current_schema())) THEN
    RETURN QUERY SELECT false, NULL::text, NULL::integer, NULL::text, NULL::text, NULL::text, NULL::bigint;
    RETURN;
  END IF;
  RETURN QUERY SELECT true, i.fingerprint, i.status, i.resource_kind, i.resource_id, i.body, i.created_at
    FROM (SELECT 1) AS one LEFT JOIN idempotency i ON i.scope = claim_scope AND i.key = claim_key;
END;
$$;
