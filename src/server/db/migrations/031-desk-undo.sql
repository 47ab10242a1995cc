-- A whole party checked in or marked a no-show at the desk in one call (docs/decisions.md, "Orders changed at the
-- desk"): what each person was before, so the desk can undo it for DESK_UNDO_SECONDS. One row per action.
CREATE TABLE desk_undos (
  id serial PRIMARY KEY,
  shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('check-in', 'no-show')),
  people jsonb NOT NULL,
  made_at timestamptz NOT NULL,
  undone_at timestamptz
);
CREATE INDEX desk_undos_order ON desk_undos (order_id, made_at DESC);
