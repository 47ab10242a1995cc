-- The window told at join beside the wait (see docs/decisions.md, "waits told as a range"): its low and high
-- ends in minutes, and the engine's spread behind them (before the shop's correction), which the learning needs
-- to correct later windows. Orders from before keep null.
ALTER TABLE orders ADD COLUMN quoted_low integer;
ALTER TABLE orders ADD COLUMN quoted_high integer;
ALTER TABLE orders ADD COLUMN quoted_spread real;
