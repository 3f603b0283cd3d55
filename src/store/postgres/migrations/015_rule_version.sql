-- The rulebook version an account was opened with (docs/RULES.md "Rulebook versions"); NULL for accounts opened
-- before versions were kept: they show version 1.
ALTER TABLE accounts ADD COLUMN rule_version INTEGER;
