-- The notice to a customer whose chosen barber ended his day early: the order now goes to anyone.
ALTER TABLE order_notifications DROP CONSTRAINT order_notifications_kind_check;
ALTER TABLE order_notifications ADD CONSTRAINT order_notifications_kind_check CHECK (kind IN ('near', 'now', 'ended', 'barber-left'));
