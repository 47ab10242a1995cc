-- The chain: shops, their hours and services, barbers and shifts, and the queue's orders.

CREATE TABLE shops (
  id integer PRIMARY KEY,
  country text NOT NULL CHECK (country IN ('FI', 'EE', 'NO', 'DK', 'SE')),
  name text NOT NULL,
  city text NOT NULL,
  address text NOT NULL,
  floor text,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  timezone text NOT NULL,
  chair_count integer NOT NULL CHECK (chair_count >= 0),
  image text,
  notices text[] NOT NULL DEFAULT '{}',
  is_test boolean NOT NULL DEFAULT false,
  queue_full boolean NOT NULL DEFAULT false,
  operator_key_hash text
);
CREATE INDEX shops_country ON shops (country);

-- Opening hours in the shop's local time; a weekday without a row is a closed day. 1 = Monday … 7 = Sunday.
CREATE TABLE shop_hours (
  shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
  opens time NOT NULL,
  closes time NOT NULL CHECK (closes > opens),
  PRIMARY KEY (shop_id, weekday)
);

CREATE TABLE service_groups (
  id integer PRIMARY KEY,
  shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  title text NOT NULL,
  sort_order integer NOT NULL,
  description text NOT NULL DEFAULT '',
  parent_id integer REFERENCES service_groups (id)
);
CREATE INDEX service_groups_shop ON service_groups (shop_id);

CREATE TABLE services (
  id integer PRIMARY KEY,
  shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES service_groups (id) ON DELETE CASCADE,
  title text NOT NULL,
  sort_order integer NOT NULL,
  description text NOT NULL DEFAULT '',
  long_description text NOT NULL DEFAULT '',
  price integer NOT NULL CHECK (price >= 0),
  duration integer NOT NULL CHECK (duration > 0),
  multiple boolean NOT NULL DEFAULT false
);
CREATE INDEX services_shop ON services (shop_id);

CREATE TABLE extra_services (
  id integer PRIMARY KEY,
  service_id integer NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  title text NOT NULL,
  sort_order integer NOT NULL,
  description text NOT NULL DEFAULT '',
  long_description text NOT NULL DEFAULT '',
  price integer NOT NULL CHECK (price >= 0),
  duration integer NOT NULL CHECK (duration >= 0)
);
CREATE INDEX extra_services_service ON extra_services (service_id);

CREATE TABLE barbers (
  id integer PRIMARY KEY,
  firstname text NOT NULL,
  lastname text NOT NULL,
  description text NOT NULL DEFAULT '',
  image text,
  avatar text,
  avatar_active boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  home_shop_id integer REFERENCES shops (id),
  hidden boolean NOT NULL DEFAULT false,
  -- Learned from finished services: actual / listed duration.
  speed double precision NOT NULL DEFAULT 1.0 CHECK (speed > 0)
);

CREATE TABLE shifts (
  id serial PRIMARY KEY,
  barber_id integer NOT NULL REFERENCES barbers (id) ON DELETE CASCADE,
  shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at)
);
CREATE INDEX shifts_shop_time ON shifts (shop_id, starts_at);
CREATE INDEX shifts_barber_time ON shifts (barber_id, starts_at);

-- One order per queue place. Walk-ins have no customer. status: active (waiting) → in_service → serviced,
-- or cancelled (by the customer) or no-show (by the shop).
CREATE TABLE orders (
  id serial PRIMARY KEY,
  shop_id integer NOT NULL REFERENCES shops (id),
  customer_id integer,
  walk_in_name text,
  chosen_barber_id integer REFERENCES barbers (id),
  barber_id integer REFERENCES barbers (id),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'in_service', 'serviced', 'cancelled', 'no-show')),
  priority smallint NOT NULL DEFAULT 0 CHECK (priority BETWEEN 0 AND 3),
  duration integer NOT NULL CHECK (duration > 0),
  price integer NOT NULL DEFAULT 0,
  customer_at_pob boolean NOT NULL DEFAULT false,
  joined_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  quoted_wait integer
);
CREATE INDEX orders_shop_status ON orders (shop_id, status);
-- At most one active or in-service order per customer, enforced here and not only in code.
CREATE UNIQUE INDEX orders_one_open_per_customer ON orders (customer_id) WHERE customer_id IS NOT NULL AND status IN ('active', 'in_service');

CREATE TABLE order_items (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  service_id integer NOT NULL REFERENCES services (id),
  extra_service_ids integer[] NOT NULL DEFAULT '{}',
  title text NOT NULL,
  price integer NOT NULL,
  duration integer NOT NULL
);
CREATE INDEX order_items_order ON order_items (order_id);
