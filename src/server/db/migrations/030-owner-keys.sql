-- The chain owner's browsers (docs/decisions.md, "The chain owner's key"): paired with a one-time code made on the
-- server's machine, like a console, but of no shop. A pairing code and a device key of role 'owner' have no shop;
-- every other role has one.
ALTER TABLE pairing_codes ALTER COLUMN shop_id DROP NOT NULL;
ALTER TABLE pairing_codes DROP CONSTRAINT pairing_codes_role_check;
ALTER TABLE pairing_codes ADD CONSTRAINT pairing_codes_role_check
  CHECK (role IN ('console', 'display', 'owner') AND (role = 'owner') = (shop_id IS NULL));
ALTER TABLE device_keys ALTER COLUMN shop_id DROP NOT NULL;
ALTER TABLE device_keys DROP CONSTRAINT device_keys_role_check;
ALTER TABLE device_keys ADD CONSTRAINT device_keys_role_check
  CHECK (role IN ('console', 'display', 'owner') AND (role = 'owner') = (shop_id IS NULL));
CREATE INDEX device_keys_owner ON device_keys (id) WHERE role = 'owner';
