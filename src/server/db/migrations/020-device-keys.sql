-- The console's devices: a shop pairs a tablet or a screen with a one-time code and the device gets
-- its own key with a role. Only SHA-256 hashes of codes and keys are stored.
CREATE TABLE pairing_codes (
  hash text PRIMARY KEY,
  shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('console', 'display')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX pairing_codes_expiry ON pairing_codes (expires_at);

CREATE TABLE device_keys (
  id serial PRIMARY KEY,
  hash text NOT NULL UNIQUE,
  shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('console', 'display')),
  name text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX device_keys_shop ON device_keys (shop_id, id);
