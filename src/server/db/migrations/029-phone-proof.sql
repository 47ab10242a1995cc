-- Numbered apart from the migrations made in parallel with it.
-- A phone is proven once its owner typed a code sent to it (docs/decisions.md, "A phone is proven before it is
-- texted"): after registration, by a recovery code, or by the phone change's code. No SMS but a code goes to a number
-- that is not proven, whatever allow_sms says. Existing rows stay unproven: nobody proved them (the demo's seeded
-- customers are marked proven by the seed).
ALTER TABLE customers ADD COLUMN phone_proven_at timestamptz;
ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_purpose_check;
ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check CHECK (purpose IN ('recovery', 'phone', 'proof'));
