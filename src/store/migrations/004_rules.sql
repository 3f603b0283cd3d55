-- What each account's rule is judged on, and the equity curve.
ALTER TABLE accounts ADD COLUMN rule_state TEXT;

CREATE TABLE equity_points (
  seq        INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  resolution TEXT NOT NULL CHECK (resolution IN ('trade', 'day')),
  time       INTEGER NOT NULL,
  equity     TEXT NOT NULL,
  balance    TEXT NOT NULL
);
CREATE INDEX equity_points_account ON equity_points (account_id, resolution, seq);
