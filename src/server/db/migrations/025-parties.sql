-- Parties and stepping out (docs/decisions.md, "Parties and stepping out").
-- A companion is an order of his own linked to his customer's order: party_of names it, person numbers him (0 the
-- customer, 1.. his companions in the order given, never renumbered), his name is walk_in_name, customer_id stays
-- null so "one open order per customer" holds as before. Deleting the customer's order takes its companions.
ALTER TABLE orders ADD COLUMN party_of integer REFERENCES orders (id) ON DELETE CASCADE;
ALTER TABLE orders ADD COLUMN person smallint NOT NULL DEFAULT 0 CHECK (person >= 0);
CREATE UNIQUE INDEX orders_party_person ON orders (party_of, person) WHERE party_of IS NOT NULL;

-- Stepped out after check-in: when he said he would be back (null: not out), and how many more times he may step
-- out (STEP_OUTS_PER_ORDER at join; the party's count is on the customer's order).
ALTER TABLE orders ADD COLUMN stepped_out_until timestamptz;
ALTER TABLE orders ADD COLUMN step_outs_left smallint NOT NULL DEFAULT 1 CHECK (step_outs_left >= 0);

-- A party's receipt: whose row it is and the companion's name (null for the customer's own rows, and once the
-- account is deleted).
ALTER TABLE receipt_rows ADD COLUMN person smallint NOT NULL DEFAULT 0;
ALTER TABLE receipt_rows ADD COLUMN person_name text;

-- The step-out reminder (5 minutes before he is due back): one per order, step-out and channel, as the turn alerts
-- (stepping out again clears the earlier claim).
ALTER TABLE order_notifications DROP CONSTRAINT order_notifications_kind_check;
ALTER TABLE order_notifications ADD CONSTRAINT order_notifications_kind_check CHECK (kind IN ('near', 'now', 'ended', 'barber-left', 'back'));
