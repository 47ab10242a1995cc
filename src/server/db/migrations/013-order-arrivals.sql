-- Where an order came from and when its customer arrived (docs/decisions.md, "Honest waits"; the console's figures read them).
-- source: 'app' for a join from the customer's phone, 'desk' for a walk-in the shop added. A remote joiner is an
-- 'app' order not checked in at join. checked_in_at: when the customer was first seen at the shop (check-in,
-- or the start of service for one never checked in). expected_at: when the customer said he would arrive.
ALTER TABLE orders ADD COLUMN source text NOT NULL DEFAULT 'app' CHECK (source IN ('app', 'desk'));
ALTER TABLE orders ADD COLUMN checked_in_at timestamptz;
ALTER TABLE orders ADD COLUMN expected_at timestamptz;
UPDATE orders SET source = 'desk' WHERE walk_in_name IS NOT NULL;
UPDATE orders SET checked_in_at = coalesce(started_at, joined_at) WHERE customer_at_pob;
