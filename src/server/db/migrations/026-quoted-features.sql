-- What the window's model read when the wait was told at join (queue/engine/window-model.ts MODEL_FEATURES, in
-- that order), which the learning needs to learn the chain's model (window-learn.ts). Orders from before keep null.
ALTER TABLE orders ADD COLUMN quoted_features real[];
