-- Game search (GET /v1/games): the `preset` (or `rules`) and `rated`
-- filters read their own index in the history order, as the other
-- filters do, instead of walking every game newest first.
CREATE INDEX games_by_preset ON games (preset, created_at DESC, id DESC);
CREATE INDEX games_by_rated ON games (rated, created_at DESC, id DESC);
