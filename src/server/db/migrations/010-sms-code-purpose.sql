-- Numbered so that it does not collide with the other migrations made in parallel with it.
-- SMS codes are kept apart by purpose: a recovery code never changes a phone, a phone-change code never sets a
-- password. A phone-change code is stored under the NEW number it was sent to, for the customer who asked.
ALTER TABLE sms_codes ADD COLUMN purpose text NOT NULL DEFAULT 'recovery' CHECK (purpose IN ('recovery', 'phone'));
DROP INDEX sms_codes_phone;
CREATE INDEX sms_codes_purpose_phone ON sms_codes (purpose, phone, created_at DESC);
