-- The no-bump guard as a recorded fact: when an order was first checked in and due within
-- 5 minutes of its start in the full schedule (the engine's Schedule.due). From then on no order that joined
-- after it is served before it. Null: not pinned (yet). Judged afresh at every recalculation instead, on a
-- queue without the later joiners, it let an earlier non-member jump back ahead of a member.
ALTER TABLE orders ADD COLUMN pinned_at timestamptz;
