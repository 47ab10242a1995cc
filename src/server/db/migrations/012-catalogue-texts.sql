-- The catalogue in the customer's language: each customer-facing text also per language, as
-- { "<language>": { "<field>": "<text>" } }. A read takes the wanted language, else Finnish, else
-- the plain column, so rows written without translations still read. Numbered 009 so the other issue-16 parts'
-- migrations (007, 008) keep their numbers.
ALTER TABLE shops ADD COLUMN texts jsonb NOT NULL DEFAULT '{}';
ALTER TABLE service_groups ADD COLUMN texts jsonb NOT NULL DEFAULT '{}';
ALTER TABLE services ADD COLUMN texts jsonb NOT NULL DEFAULT '{}';
ALTER TABLE extra_services ADD COLUMN texts jsonb NOT NULL DEFAULT '{}';
ALTER TABLE barbers ADD COLUMN texts jsonb NOT NULL DEFAULT '{}';
-- A receipt row keeps the name it was written with in every language: a receipt does not change with the menu.
ALTER TABLE receipt_rows ADD COLUMN texts jsonb NOT NULL DEFAULT '{}';
