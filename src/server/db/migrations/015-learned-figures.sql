-- What each shop has learned from its history (docs/decisions.md, "What the shop learns"; src/server/queue/learned-figures.ts): remote
-- joiners' trips, lateness against a given arrival, run-over past an expected end, join rates by membership level
-- and hour of the week. Stored already resolved (a figure with fewer than 200 samples at the shop is the chain's,
-- below that the constants of src/shared/travel.ts), so loading a queue reads one row per shop. Recomputed at most
-- once an hour per shop, off the request path.
CREATE TABLE learned_figures (
  shop_id integer PRIMARY KEY REFERENCES shops(id) ON DELETE CASCADE,
  figures jsonb NOT NULL,
  -- Orders of the shop's history behind them.
  samples integer NOT NULL,
  computed_at timestamptz NOT NULL
);
