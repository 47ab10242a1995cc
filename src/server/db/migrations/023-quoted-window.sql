-- The window told at join beside the wait (8 of 10 customers are served within it, queue/window.ts): its low and high
-- ends in minutes, and the engine's spreads above and below the wait behind them (before the shop's correction),
-- which the learning needs to correct later windows. Orders from before keep null.
ALTER TABLE orders ADD COLUMN quoted_low integer;
ALTER TABLE orders ADD COLUMN quoted_high integer;
ALTER TABLE orders ADD COLUMN quoted_spread real;
ALTER TABLE orders ADD COLUMN quoted_spread_low real;
