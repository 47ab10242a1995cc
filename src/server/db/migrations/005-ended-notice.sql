-- A third notice per order: the order ended (served, or a no-show), by push.
ALTER TABLE order_notifications DROP CONSTRAINT order_notifications_kind_check;
ALTER TABLE order_notifications ADD CONSTRAINT order_notifications_kind_check CHECK (kind IN ('near', 'now', 'ended'));
