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
