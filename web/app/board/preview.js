// What a move would do, before it is played: the squares its stones would
// be sown into and the squares it would capture, by the rules of
// docs/RULES.md §3 (steps 3 to 5) and the game's ruleset. Only for the
// preview on the board: the server decides what a move does.

import { isMandarinSquare, parseMove, ringIndex, step } from "./position.js";

/** @typedef {import("./position.js").Position} Position */
/** @typedef {import("../../types/models").SeatName} SeatName */

/**
 * @typedef {object} PreviewRules
 * @property {boolean} empty_mandarin_is_gap
 * @property {number} young_mandarin_min
 * @property {boolean} first_move_mandarin_ban
 */

/**
 * @typedef {object} Preview
 * @property {number[]} sown the squares stones are dropped into, in order
 * @property {number[]} captured the squares captured, in order
 * @property {number} stones small stones captured
 * @property {number} mandarins mandarins captured
 */

/**
 * @param {Position} position the side to move is the mover
 * @param {PreviewRules} rules
 * @param {string} notation e.g. "3R"
 * @returns {Preview}
 */
export function previewMove(position, rules, notation) {
  const { own, direction } = parseMove(notation);
  const stones = [...position.stones];
  const mandarin = [...position.mandarin];
  const next = (/** @type {number} */ square) => step(square, direction);
  const holdsNothing = (/** @type {number} */ square) => stones[square] === 0 && !mandarin[square];
  /** Empty for a capture's gap: a citizen square with no stones; a mandarin square only when the rules say so. */
  const countsEmpty = (/** @type {number} */ square) =>
    isMandarinSquare(square) ? rules.empty_mandarin_is_gap && holdsNothing(square) : stones[square] === 0;
  const isProtected = (/** @type {number} */ square) =>
    isMandarinSquare(square) &&
    ((rules.first_move_mandarin_ban && position.ply === 1) ||
      (rules.young_mandarin_min > 0 && mandarin[square] && stones[square] < rules.young_mandarin_min));

  /** @type {Preview} */
  const result = { sown: [], captured: [], stones: 0, mandarins: 0 };
  let square = ringIndex(position.toMove, own);
  let hand = stones[square];
  stones[square] = 0;
  const seen = new Set();
  for (;;) {
    for (; hand > 0; hand--) {
      square = next(square);
      stones[square] += 1;
      result.sown.push(square);
    }
    const n = next(square);
    if (isMandarinSquare(n) && !(rules.empty_mandarin_is_gap && holdsNothing(n))) break;
    if (!isMandarinSquare(n) && stones[n] > 0) {
      // Relay, unless this lift was seen before in this move (§3.5).
      const state = `${stones.join(",")}|${mandarin.join(",")}|${n}`;
      if (seen.has(state)) break;
      seen.add(state);
      hand = stones[n];
      stones[n] = 0;
      square = n;
      continue;
    }
    // `n` is empty: capture what follows it, and on along the chain.
    let target = next(n);
    while (!holdsNothing(target) && !isProtected(target)) {
      result.captured.push(target);
      result.stones += stones[target];
      if (mandarin[target]) result.mandarins += 1;
      stones[target] = 0;
      mandarin[target] = false;
      const gap = next(target);
      if (!countsEmpty(gap)) break;
      target = next(gap);
    }
    break;
  }
  return result;
}
