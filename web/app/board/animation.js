// A move's event trace turned into frames, one per stone lifted, dropped
// or captured, for the board to show one after another.

import { clonePosition, other, parseMove, rowOf, step } from "./position.js";

/** @typedef {import("./position.js").Position} Position */
/** @typedef {import("../../types/models").MoveView} MoveView */
/** @typedef {import("../../types/models").EventView} EventView */

/**
 * @typedef {object} Frame
 * @property {EventView["type"]} kind the event this frame belongs to
 * @property {Position} position the board once this frame is shown
 * @property {number} hand stones in the mover's hand
 * @property {number[]} focus the squares acted on
 * @property {number} weight how long to show it, in stone-drops
 */

/**
 * The frames of `move` played in `before`. Every event changes the board
 * exactly as RULES.md says; the last frame is the position after the move
 * (tests check it against the move's `position_after`).
 * @param {Position} before
 * @param {MoveView} move
 * @returns {Frame[]}
 */
export function planMove(before, move) {
  const { direction } = parseMove(move.notation);
  const mover = move.seat;
  const board = clonePosition(before);
  let hand = 0;
  /** @type {Frame[]} */
  const frames = [];
  /** @param {EventView["type"]} kind @param {number[]} focus @param {number} weight */
  const show = (kind, focus, weight) =>
    frames.push({ kind, position: clonePosition(board), hand, focus, weight });

  for (const event of move.events) {
    switch (event.type) {
      case "lift":
      case "relay":
        hand += board.stones[event.square];
        board.stones[event.square] = 0;
        show(event.type, [event.square], 2);
        break;
      case "sow": {
        let square = event.from;
        for (let dropped = 0; dropped < event.stones; dropped++) {
          board.stones[square] += 1;
          hand -= 1;
          show("sow", [square], 1);
          square = step(square, direction);
        }
        break;
      }
      case "capture": {
        const store = board.stores[mover];
        store.small += board.stones[event.square];
        if (board.mandarin[event.square]) store.mandarins += 1;
        board.stones[event.square] = 0;
        board.mandarin[event.square] = false;
        show("capture", [event.square], 3);
        break;
      }
      case "turn_end":
        board.toMove = other(mover);
        board.ply = before.ply + 1;
        show("turn_end", [event.square], 1);
        break;
      case "refill": {
        const row = rowOf(event.seat);
        for (const square of row) board.stones[square] += 1;
        board.stores[event.seat].small -= event.stones;
        show("refill", row, 3);
        break;
      }
      case "forfeit":
        show("forfeit", [], 2);
        break;
      case "game_end":
        for (const seat of /** @type {const} */ (["south", "north"])) {
          if (event.sweep[seat] > 0) {
            for (const square of rowOf(seat)) board.stones[square] = 0;
            board.stores[seat].small += event.sweep[seat];
          }
        }
        show("game_end", [...rowOf("south"), ...rowOf("north")], 3);
        break;
    }
  }
  return frames;
}

/**
 * What a move did, for the announcement: stones and mandarins captured,
 * and whether a refill or the end followed.
 * @param {MoveView} move
 */
export function summarize(move) {
  let captured = 0;
  let mandarins = 0;
  /** @type {Extract<EventView, {type: "refill"}> | null} */
  let refill = null;
  /** @type {Extract<EventView, {type: "game_end"}> | null} */
  let end = null;
  for (const event of move.events) {
    if (event.type === "capture") {
      captured += event.stones;
      if (event.mandarin) mandarins += 1;
    } else if (event.type === "refill") refill = event;
    else if (event.type === "game_end") end = event;
  }
  return { captured, mandarins, refill, end };
}

/**
 * The squares a move lifted from, sowed into and captured, for marking the
 * last move on the board.
 * @param {MoveView} move
 */
export function touchedSquares(move) {
  /** @type {number | null} */
  let origin = null;
  /** @type {number[]} */
  const captured = [];
  for (const event of move.events) {
    if (event.type === "lift") origin = event.square;
    if (event.type === "capture") captured.push(event.square);
  }
  return { origin, captured };
}
