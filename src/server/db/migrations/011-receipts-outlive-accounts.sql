-- Receipts are kept for bookkeeping when an account is deleted (GDPR art. 17(3)(b): a legal obligation), without
-- the person: the customer id becomes null instead of the receipt going with the account.
ALTER TABLE receipts ALTER COLUMN customer_id DROP NOT NULL;
ALTER TABLE receipts DROP CONSTRAINT receipts_customer_id_fkey;
ALTER TABLE receipts ADD CONSTRAINT receipts_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers (id) ON DELETE SET NULL;
