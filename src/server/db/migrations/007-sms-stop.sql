-- Numbers whose owner stopped turn-alert SMS with the signed link every alert carries. Kept per
-- number, not per account: registration does not verify the phone, so a new account on it must not start them again.
CREATE TABLE sms_opt_outs (
  phone text PRIMARY KEY,
  created_at timestamptz NOT NULL
);
