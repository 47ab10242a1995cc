-- The queue's own tables beside 001's orders: extras as sold, notifications sent, barber speed samples,
-- one service at a time per barber, and a per-shop version every queue change bumps (cache invalidation).

-- Bumped in the same transaction as every change to a shop's queue, so every process sharing the database
-- can tell a cached answer is stale with one cheap read.
ALTER TABLE shops ADD COLUMN queue_version bigint NOT NULL DEFAULT 0;

-- A customer's orders outlive nothing: a deleted account leaves its orders anonymous (the shop's books stay).
ALTER TABLE orders ADD CONSTRAINT orders_customer_fkey FOREIGN KEY (customer_id) REFERENCES customers (id) ON DELETE SET NULL;

-- A barber serves one customer at a time, enforced here and not only in code.
CREATE UNIQUE INDEX orders_one_in_service_per_barber ON orders (barber_id) WHERE status = 'in_service';
CREATE INDEX orders_customer ON orders (customer_id, id) WHERE customer_id IS NOT NULL;
CREATE INDEX orders_barber_finished ON orders (barber_id, finished_at) WHERE finished_at IS NOT NULL;

-- The extras of an order item as sold (title, price and minutes at join time); the receipt prints these.
CREATE TABLE order_item_extras (
  order_item_id integer NOT NULL REFERENCES order_items (id) ON DELETE CASCADE,
  position smallint NOT NULL,
  extra_service_id integer NOT NULL REFERENCES extra_services (id),
  title text NOT NULL,
  price integer NOT NULL,
  duration integer NOT NULL,
  PRIMARY KEY (order_item_id, position)
);

-- Turn notifications: one row per order, kind and channel, claimed before sending, so a customer is told at
-- most once however many processes run the check.
CREATE TABLE order_notifications (
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('near', 'now')),
  channel text NOT NULL CHECK (channel IN ('push', 'sms')),
  claimed_at timestamptz NOT NULL,
  sent_at timestamptz,
  error text,
  PRIMARY KEY (order_id, kind, channel)
);

-- Finished services: actual / listed duration per barber; barbers.speed is learned from the latest ones.
CREATE TABLE barber_speed_samples (
  id bigserial PRIMARY KEY,
  barber_id integer NOT NULL REFERENCES barbers (id) ON DELETE CASCADE,
  order_id integer UNIQUE REFERENCES orders (id) ON DELETE SET NULL,
  listed_minutes integer NOT NULL CHECK (listed_minutes > 0),
  actual_seconds integer NOT NULL CHECK (actual_seconds >= 0),
  ratio double precision NOT NULL CHECK (ratio > 0),
  finished_at timestamptz NOT NULL
);
CREATE INDEX barber_speed_samples_barber ON barber_speed_samples (barber_id, id);
