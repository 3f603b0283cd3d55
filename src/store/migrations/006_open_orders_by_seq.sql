-- Open orders are read (engine load) and rewritten (the restart transition, a page at a time) in seq order
-- straight off an index: no sort of every open order per page, however many there are.
DROP INDEX orders_open;
CREATE INDEX orders_open ON orders (environment, seq) WHERE status IN ('pending', 'working', 'unconfirmed');
