-- Error reports and analytics events from the customer app: scrubbed of tokens, phones and e-mails
-- before they are stored, and kept 30 days (CLIENT_EVENTS_RETENTION_DAYS; the server deletes older rows on insert).
CREATE TABLE client_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  received_at timestamptz NOT NULL,
  occurred_at timestamptz NOT NULL,
  locale text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('error', 'analytics')),
  name text NOT NULL,
  build text NOT NULL,
  route text NOT NULL,
  message text,
  stack text,
  props jsonb
);
CREATE INDEX client_events_received ON client_events (received_at);
