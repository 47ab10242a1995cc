-- A shop may hold several operator keys: a new key never replaces one already issued, so
-- the demo can issue keys again after a start that died before writing its key file. Only SHA-256 hashes.
CREATE TABLE operator_keys (
  hash text PRIMARY KEY,
  shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operator_keys_shop ON operator_keys (shop_id);
-- The keys issued so far keep working; shops.operator_key_hash is no longer read.
INSERT INTO operator_keys (hash, shop_id) SELECT operator_key_hash, id FROM shops WHERE operator_key_hash IS NOT NULL;
