import { test } from "node:test";
import assert from "node:assert/strict";

import { planMove, summarize } from "../../app/board/animation.js";
import { formatPosition, parsePosition } from "../../app/board/position.js";

const START = "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1";

// RULES.md §5, first example, with the trace the README's walk-through shows.
const SOUTH_1L = {
  ply: 1,
  seat: /** @type {const} */ ("south"),
  notation: "1L",
  played_at: null,
  position_after: "0,0,6,6,6,6,M1,0,6,6,6,6 n 1:1 0:0 2",
  events: /** @type {any[]} */ ([
    { type: "lift", square: 1, stones: 5 },
    { type: "sow", from: 0, to: 8, stones: 5 },
    { type: "relay", square: 7, stones: 5 },
    { type: "sow", from: 6, to: 2, stones: 5 },
    { type: "capture", square: 0, stones: 1, mandarin: true },
    { type: "turn_end", reason: "chain_ended", square: 11 },
  ]),
};

test("a position string reads and writes back unchanged", () => {
  for (const text of [START, "10,5,5,5,5,5,10,5,5,5,5,5 s 0:0 0:0 1", "M0,0,0,1,4,2,0,2,3,0,0,4 s 16:0 -18:1 40"]) {
    assert.equal(formatPosition(parsePosition(text)), text);
  }
});

test("the frames of 1L end in the position RULES.md gives, one frame per stone", () => {
  const frames = planMove(parsePosition(START), SOUTH_1L);
  assert.equal(formatPosition(frames.at(-1).position), SOUTH_1L.position_after);
  const drops = frames.filter((frame) => frame.kind === "sow");
  assert.equal(drops.length, 10);
  assert.deepEqual(
    drops.slice(0, 5).map((frame) => frame.focus[0]),
    [0, 11, 10, 9, 8],
    "sowing to the left goes down the ring",
  );
  assert.equal(frames[0].hand, 5);
  assert.equal(drops.at(-1).hand, 0);
});

test("a refill and the end of the game change the board and the stores", () => {
  // RULES.md §5's last example: 3L captures the last mandarin; rows are swept.
  const move = {
    ply: 40,
    seat: /** @type {const} */ ("south"),
    notation: "3L",
    played_at: null,
    position_after: "0,0,0,0,0,0,0,0,0,0,0,0 n 23:1 27:1 41",
    events: /** @type {any[]} */ ([
      { type: "lift", square: 3, stones: 1 },
      { type: "sow", from: 2, to: 2, stones: 1 },
      { type: "capture", square: 0, stones: 0, mandarin: true },
      { type: "turn_end", reason: "chain_ended", square: 11 },
      { type: "game_end", reason: "mandarins_captured", sweep: { south: 7, north: 9 }, scores: { south: 33, north: 37 }, winner: "north" },
    ]),
  };
  const frames = planMove(parsePosition("M0,0,0,1,4,2,0,2,3,0,0,4 s 16:0 18:1 40"), move);
  assert.equal(formatPosition(frames.at(-1).position), move.position_after);
  assert.deepEqual(summarize(move), { captured: 0, mandarins: 1, refill: null, end: move.events[4] });

  const refill = {
    ...SOUTH_1L,
    notation: "1R",
    events: [{ type: "lift", square: 1, stones: 1 }, { type: "sow", from: 2, to: 2, stones: 1 },
      { type: "turn_end", reason: "two_empty_squares", square: 4 },
      { type: "refill", seat: "north", stones: 5, borrowed: 2 }],
    position_after: "M0,0,1,0,0,0,M0,1,1,1,1,1 n 0:0 -2:0 2",
  };
  const after = planMove(parsePosition("M0,1,0,0,0,0,M0,0,0,0,0,0 s 0:0 3:0 1"), /** @type {any} */ (refill)).at(-1);
  assert.equal(formatPosition(after.position), refill.position_after);
});
