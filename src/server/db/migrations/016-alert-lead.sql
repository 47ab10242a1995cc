-- When the customer wants the turn alert: null = the default (NEAR_MINUTES before the turn), or 10, 20
-- or 30 minutes before it. Kept in the profile (GET/PATCH /customers/{id}/ alert_lead_minutes).
ALTER TABLE customers ADD COLUMN alert_lead_minutes integer CHECK (alert_lead_minutes IN (10, 20, 30));
