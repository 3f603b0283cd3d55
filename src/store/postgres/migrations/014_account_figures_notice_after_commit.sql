-- A node's write to an account's figures (balance, rule state, last use: every order changes them) no longer
-- notifies from inside its transaction: a transaction that notifies commits under a lock PostgreSQL holds
-- server-wide through the commit's WAL flush, so every node's batches took turns. The node sends that notice itself
-- right after its COMMIT (src/store/postgres/notices.ts). Any other change of an account (status, pause, rule,
-- identity), a deletion, and every change by a session that is not a Rampart store (an operator's SQL, which sets no
-- rampart.origin) still notify from the trigger, delivered at COMMIT as before.
DROP TRIGGER accounts_changed ON accounts;
CREATE TRIGGER accounts_changed AFTER UPDATE ON accounts FOR EACH ROW
  WHEN (
    coalesce(current_setting('rampart.origin', true), '') = ''
    OR (to_jsonb(OLD) - ARRAY['balance', 'rule_state', 'last_used_at', 'updated_at'])
       IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['balance', 'rule_state', 'last_used_at', 'updated_at'])
  )
  EXECUTE FUNCTION rampart_row_changed('id');
CREATE TRIGGER accounts_deleted AFTER DELETE ON accounts FOR EACH ROW
  EXECUTE FUNCTION rampart_row_changed('id');
