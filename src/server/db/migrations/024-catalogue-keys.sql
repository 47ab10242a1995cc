-- The chain's catalogue: a key shared by every shop's service or extra that is the same thing ('haircut',
-- 'beard-oil'), so an order can move to another shop of the chain with the same services (docs/decisions.md,
-- "A shorter queue nearby: catalogue keys and moving"). Null: the chain gave none, and the item maps to nothing elsewhere.
ALTER TABLE services ADD COLUMN catalogue_key text;
ALTER TABLE extra_services ADD COLUMN catalogue_key text;
-- The order this one moved from (another shop's, ended as cancelled in the same transaction); null otherwise.
-- The console's figures count moves in and out by it.
ALTER TABLE orders ADD COLUMN moved_from integer REFERENCES orders (id) ON DELETE SET NULL;
CREATE INDEX orders_moved_from ON orders (moved_from) WHERE moved_from IS NOT NULL;
