-- Accounts: customers, sessions, SMS codes, rate-limit counters, messages, memberships, receipts, benefits.

-- Phones are stored in international form (+358401234567); one account per phone.
CREATE TABLE customers (
  id serial PRIMARY KEY,
  phone text NOT NULL UNIQUE CHECK (phone ~ '^\+[1-9][0-9]{7,14}$'),
  -- PHC-style string with its own scrypt parameters, so they can be raised later without a migration.
  password_hash text NOT NULL,
  firstname text NOT NULL,
  lastname text NOT NULL,
  email text,
  city text,
  date_of_birth date,
  sex text,
  street_address text,
  post_code text,
  tutorial_seen boolean NOT NULL DEFAULT false,
  allow_email boolean NOT NULL DEFAULT false,
  allow_sms boolean NOT NULL DEFAULT true,
  app_language text,
  language text,
  fcm_token text,
  terms_accepted_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  password_changed_at timestamptz NOT NULL
);

-- Server-generated secrets shared by every process on one database (the JWT key when JWT_SECRET is unset).
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Refresh tokens: only a SHA-256 of the opaque token is kept, so a database leak gives no usable session.
CREATE TABLE refresh_tokens (
  id bigserial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  -- logout, password, recovery, rotated, reuse
  revoked_reason text
);
CREATE INDEX refresh_tokens_customer ON refresh_tokens (customer_id) WHERE revoked_at IS NULL;

-- Recovery codes: an HMAC of phone and code under a server key (6 digits are too few for a plain hash).
CREATE TABLE sms_codes (
  id bigserial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  phone text NOT NULL,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  tries integer NOT NULL DEFAULT 0,
  used_at timestamptz
);
CREATE INDEX sms_codes_phone ON sms_codes (phone, created_at DESC);

-- Rate-limit counters in small time buckets: every process sharing the database sees the same counts.
CREATE TABLE rate_limits (
  key text NOT NULL,
  bucket timestamptz NOT NULL,
  count integer NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (key, bucket)
);
CREATE INDEX rate_limits_expires ON rate_limits (expires_at);

-- One membership per customer; the queue priority follows from the type.
CREATE TABLE memberships (
  customer_id integer PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('silver', 'gold', 'platinum')),
  begin_date date NOT NULL,
  end_date date,
  credits integer NOT NULL DEFAULT 0 CHECK (credits >= 0),
  wp_prem_credits integer NOT NULL DEFAULT 0 CHECK (wp_prem_credits >= 0),
  wp_prod_credits integer NOT NULL DEFAULT 0 CHECK (wp_prod_credits >= 0)
);

-- Messages are per locale (FI, EE …) with a text per language; customer_id null = sent to every customer.
CREATE TABLE messages (
  id serial PRIMARY KEY,
  customer_id integer REFERENCES customers (id) ON DELETE CASCADE,
  locale text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX messages_locale ON messages (locale, created_at DESC);
CREATE INDEX messages_customer ON messages (customer_id);

CREATE TABLE message_texts (
  message_id integer NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  language text NOT NULL,
  title text NOT NULL,
  -- Sanitized HTML: cleaned when written, so every reader can trust it.
  content text NOT NULL,
  PRIMARY KEY (message_id, language)
);

CREATE TABLE message_reads (
  message_id integer NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (message_id, customer_id)
);

-- Receipts keep the shop's name and address as printed: a receipt must not change when the shop moves.
CREATE TABLE receipts (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  order_id integer UNIQUE REFERENCES orders (id) ON DELETE SET NULL,
  shop_id integer REFERENCES shops (id) ON DELETE SET NULL,
  pob_name text NOT NULL,
  pob_address text NOT NULL,
  pob_city text NOT NULL,
  status text NOT NULL DEFAULT 'paid',
  type text NOT NULL DEFAULT 'service',
  created_at timestamptz NOT NULL
);
CREATE INDEX receipts_customer ON receipts (customer_id, created_at DESC);

-- Prices in cents, VAT inclusive, per unit; vat_amount is the VAT of the whole row (amount × price).
CREATE TABLE receipt_rows (
  receipt_id integer NOT NULL REFERENCES receipts (id) ON DELETE CASCADE,
  position smallint NOT NULL,
  name text NOT NULL,
  amount integer NOT NULL CHECK (amount > 0),
  price integer NOT NULL,
  vat numeric(5, 2) NOT NULL CHECK (vat >= 0),
  vat_amount integer NOT NULL,
  PRIMARY KEY (receipt_id, position)
);

-- The bonus programme: a balance with an expiry, and benefits redeemed with a code.
CREATE TABLE bonus_accounts (
  customer_id integer PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  amount integer NOT NULL DEFAULT 0 CHECK (amount >= 0),
  expires_on date
);

CREATE TABLE benefits (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  title text NOT NULL,
  value text NOT NULL,
  redeem_code text NOT NULL,
  redeemable boolean NOT NULL DEFAULT true,
  issued_at timestamptz NOT NULL,
  valid_until date,
  redeemed_at timestamptz
);
CREATE INDEX benefits_customer ON benefits (customer_id);

-- The FI bonus teaser's e-mail collection; one row per address and locale.
CREATE TABLE bonus_teaser_signups (
  email text NOT NULL,
  locale text NOT NULL,
  customer_id integer REFERENCES customers (id) ON DELETE SET NULL,
  allow_email boolean NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (email, locale)
);
