-- Idempotency-Key of order POSTs, kept per customer for 24 hours: a join whose answer was lost
-- is sent again with the same key and gets the same answer instead of a second order or a 409.
CREATE TABLE idempotency_keys (
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  key text NOT NULL,
  -- SHA-256 of the request body: the same key with another body is refused.
  body_hash text NOT NULL,
  -- The 201 answer as sent.
  answer text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (customer_id, key)
);
