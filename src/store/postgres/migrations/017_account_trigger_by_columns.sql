-- The accounts_changed trigger's condition compared two jsonb copies of the whole row (to_jsonb(OLD) and
-- to_jsonb(NEW), the rule's JSON text and the rule state included) on every UPDATE, and every order of a node writes
-- its account's figures: that UPDATE took 46-49 µs of PostgreSQL's executor time per order, 36-38 with this
-- (pg_stat_statements, docs/PERFORMANCE.md run 18). The same condition, column by column: a Rampart session's write
-- of the figures alone (balance, rule_state, last_used_at, updated_at) notifies nothing (the node sends that notice
-- itself after its COMMIT); any other change, and every change by a session that is not a Rampart store, notifies as
-- before. test/store/postgres-notices.test.ts checks that the condition names every other column of accounts, so a
-- column added later cannot be left out.
DROP TRIGGER accounts_changed ON accounts;
CREATE TRIGGER accounts_changed AFTER UPDATE ON accounts FOR EACH ROW
  WHEN (
    coalesce(current_setting('rampart.origin', true), '') = ''
    OR (OLD.seq, OLD.id, OLD.customer_id, OLD.environment, OLD.status, OLD.stage, OLD.product, OLD.size, OLD.starting_balance,
        OLD.rule, OLD.status_reason, OLD.parked, OLD.paused_until, OLD.created_at, OLD.dead_man_fires_at, OLD.rule_version)
       IS DISTINCT FROM
       (NEW.seq, NEW.id, NEW.customer_id, NEW.environment, NEW.status, NEW.stage, NEW.product, NEW.size, NEW.starting_balance,
        NEW.rule, NEW.status_reason, NEW.parked, NEW.paused_until, NEW.created_at, NEW.dead_man_fires_at, NEW.rule_version)
  )
  EXECUTE FUNCTION rampart_row_changed('id');
