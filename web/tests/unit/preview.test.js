import { test } from "node:test";
import assert from "node:assert/strict";

import { parsePosition } from "../../app/board/position.js";
import { previewMove } from "../../app/board/preview.js";

const START = parsePosition("M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1");
const CLASSIC = { empty_mandarin_is_gap: false, young_mandarin_min: 0, first_move_mandarin_ban: false };
const VILLAGE = { empty_mandarin_is_gap: true, young_mandarin_min: 5, first_move_mandarin_ban: false };
const ONLINE = { empty_mandarin_is_gap: false, young_mandarin_min: 0, first_move_mandarin_ban: true };

// docs/RULES.md §5, the worked examples.
test("from the start, 1L sows 0, 11..8, relays 7 into 6..2 and captures the west mandarin", () => {
  const preview = previewMove(START, CLASSIC, "1L");
  assert.deepEqual(preview.sown, [0, 11, 10, 9, 8, 6, 5, 4, 3, 2]);
  assert.deepEqual(preview.captured, [0]);
  assert.equal(preview.stones, 1);
  assert.equal(preview.mandarins, 1);
});

test("the same 1L captures nothing under village (young mandarin) and online (first-move ban)", () => {
  assert.deepEqual(previewMove(START, VILLAGE, "1L").captured, []);
  const online = parsePosition("10,5,5,5,5,5,10,5,5,5,5,5 s 0:0 0:0 1");
  assert.deepEqual(previewMove(online, ONLINE, "1L").captured, []);
});

test("from the start, 3R relays square 9 and captures square 4's 6 stones", () => {
  const preview = previewMove(START, CLASSIC, "3R");
  assert.deepEqual(preview.sown, [4, 5, 6, 7, 8, 10, 11, 0, 1, 2]);
  assert.deepEqual(preview.captured, [4]);
  assert.equal(preview.stones, 6);
});

test("late in a game, 3L drops one stone and captures the west mandarin across the empty square 1", () => {
  const position = parsePosition("M0,0,0,1,4,2,0,2,3,0,0,4 s 16:0 18:1 40");
  const preview = previewMove(position, CLASSIC, "3L");
  assert.deepEqual(preview.sown, [2]);
  assert.deepEqual(preview.captured, [0]);
  assert.equal(preview.mandarins, 1);
});
