-- Offers between the players of a game (docs/API.md "Takebacks and
-- rematches"). A takeback offer stands for the ply it was made at: a move
-- played since lapses it, so the move path need not clear it. A rematch
-- offer is made once the game is over; `rematch_id` names the game an
-- accepted one made.
ALTER TABLE games ADD COLUMN takeback_offer_by TEXT;
ALTER TABLE games ADD COLUMN takeback_offer_ply INTEGER;
ALTER TABLE games ADD COLUMN rematch_offer_by TEXT;
ALTER TABLE games ADD COLUMN rematch_id TEXT REFERENCES games (id);
