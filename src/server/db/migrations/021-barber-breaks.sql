-- Breaks and early ends of a barber's day: the console edits today's shift windows (a break cuts the
-- window in two) and records the break here, so the floor can say until when he is away and 'back' can undo it.
-- shift_end: where the cut window ended, so a break past it and then cut short gives the rest back.
CREATE TABLE barber_breaks (
  id serial PRIMARY KEY,
  barber_id integer NOT NULL REFERENCES barbers (id) ON DELETE CASCADE,
  shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  shift_end timestamptz NOT NULL
);
CREATE INDEX barber_breaks_shop_time ON barber_breaks (shop_id, ends_at);
