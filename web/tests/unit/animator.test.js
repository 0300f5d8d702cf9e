import { test } from "node:test";
import assert from "node:assert/strict";

import { Animator, frameDelay, SPEEDS } from "../../app/board/animator.js";
import { planMove } from "../../app/board/animation.js";
import { parsePosition } from "../../app/board/position.js";

// The animator schedules with window.setTimeout, as in the page.
globalThis.window ??= /** @type {any} */ (globalThis);

const START = "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1";
// RULES.md §5: South 1L from the start.
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
/** Moves with the same trace at later plies: what matters here is their order. @param {number} ply */
const moveAt = (ply) => ({ ...SOUTH_1L, ply, position_after: SOUTH_1L.position_after.replace(/ 2$/, ` ${ply + 1}`) });

test("a move fits its speed's budget however many stones it sows", () => {
  const frames = planMove(parsePosition(START), SOUTH_1L);
  const total = frames.reduce((sum, frame) => sum + frame.weight, 0);
  for (const speed of /** @type {const} */ (["slow", "normal", "fast"])) {
    const delay = frameDelay(frames, speed);
    assert.ok(delay * total <= SPEEDS[speed].move + 1e-9, `${speed}: ${delay * total} ms`);
    assert.ok(delay <= SPEEDS[speed].drop);
  }
  assert.ok(SPEEDS.normal.move <= 300, "the default speed shows a move within 300 ms");
});

test("behind, the animator shows every move but the newest at once, in order, and animates only the newest", () => {
  /** @type {number[]} */
  const played = [];
  const animator = new Animator(parsePosition(START), { onChange: () => {}, onMovePlayed: (move) => played.push(move.ply) });
  animator.speed = "slow";
  animator.enqueue([moveAt(1), moveAt(2), moveAt(3)]);
  assert.deepEqual(played, [1, 2], "the two older moves are shown at once");
  assert.equal(animator.current?.ply, 3, "the newest is animated");
  assert.equal(animator.settled.ply, 3);

  animator.enqueue([moveAt(4)]);
  assert.deepEqual(played, [1, 2, 3], "a move arriving during an animation finishes it at once");
  assert.equal(animator.current?.ply, 4);

  animator.enqueue([moveAt(3), moveAt(4)]);
  assert.deepEqual(played, [1, 2, 3], "moves already shown or queued are ignored");

  animator.skip();
  assert.deepEqual(played, [1, 2, 3, 4], "skip finishes everything");
  assert.equal(animator.busy, false);
  assert.equal(animator.settled.ply, 5);
});
