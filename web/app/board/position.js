// Positions as RULES.md writes them, and the ring's geometry.
//
// Squares are indexed 0..=11 around the ring: 0 and 6 are the mandarin
// squares (west, east), 1..=5 South's citizen squares, 7..=11 North's. A
// seat's own square k (1..=5, from its own left) is index 6 × seat + k.

/** @typedef {import("../../types/models").SeatName} SeatName */
/** @typedef {import("../../types/models").PositionView} PositionView */

/** @typedef {{ small: number, mandarins: number }} Store */
/**
 * @typedef {object} Position
 * @property {number[]} stones small stones on each of the 12 squares
 * @property {boolean[]} mandarin whether each square still holds its mandarin
 * @property {SeatName} toMove
 * @property {{ south: Store, north: Store }} stores
 * @property {number} ply the number of the next move
 */

/** @type {readonly SeatName[]} */
export const SEATS = ["south", "north"];
export const MANDARIN_SQUARES = [0, 6];

/** @param {SeatName} seat */
export const other = (seat) => (seat === "south" ? "north" : "south");

/** @param {number} square */
export const isMandarinSquare = (square) => square === 0 || square === 6;

/**
 * The seat owning a citizen square; null for the mandarin squares.
 * @param {number} square
 * @returns {SeatName | null}
 */
export function ownerOf(square) {
  if (isMandarinSquare(square)) return null;
  return square < 6 ? "south" : "north";
}

/**
 * @param {SeatName} seat
 * @param {number} own 1..=5
 */
export const ringIndex = (seat, own) => (seat === "south" ? 0 : 6) + own;

/** @param {number} square a citizen square */
export const ownNumber = (square) => square % 6;

/** The ring indices of a seat's five squares, from its own left. @param {SeatName} seat */
export const rowOf = (seat) => [1, 2, 3, 4, 5].map((own) => ringIndex(seat, own));

/**
 * `+1` around the ring is the mover's right, for both seats.
 * @param {string} notation e.g. "3R"
 */
export function parseMove(notation) {
  const match = /^([1-5])([LR])$/.exec(notation);
  if (!match) throw new Error(`not a move: ${notation}`);
  return { own: Number(match[1]), direction: match[2] === "R" ? 1 : -1 };
}

/** @param {number} square @param {number} step */
export const step = (square, step) => (((square + step) % 12) + 12) % 12;

/**
 * @param {string} text RULES.md position notation
 * @returns {Position}
 */
export function parsePosition(text) {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`not a position: ${text}`);
  const [board, turn, south, north, ply] = parts;
  const squares = board.split(",");
  if (squares.length !== 12) throw new Error(`not 12 squares: ${text}`);
  /** @param {string} s */
  const store = (s) => {
    const [small, mandarins] = s.split(":").map(Number);
    return { small, mandarins };
  };
  return {
    stones: squares.map((s) => Number(s.replace(/^M/, ""))),
    mandarin: squares.map((s) => s.startsWith("M")),
    toMove: turn === "n" ? "north" : "south",
    stores: { south: store(south), north: store(north) },
    ply: Number(ply),
  };
}

/** @param {Position} position */
export function formatPosition(position) {
  const board = position.stones.map((n, i) => (position.mandarin[i] ? `M${n}` : `${n}`)).join(",");
  /** @param {Store} s */
  const store = (s) => `${s.small}:${s.mandarins}`;
  return [
    board,
    position.toMove === "south" ? "s" : "n",
    store(position.stores.south),
    store(position.stores.north),
    position.ply,
  ].join(" ");
}

/** @param {Position} position @returns {Position} */
export function clonePosition(position) {
  return {
    stones: [...position.stones],
    mandarin: [...position.mandarin],
    toMove: position.toMove,
    stores: { south: { ...position.stores.south }, north: { ...position.stores.north } },
    ply: position.ply,
  };
}

/**
 * Store small stones + `mandarinValue` × mandarins, per seat (RULES.md §3.7).
 * @param {Position} position
 * @param {number} mandarinValue
 */
export function scores(position, mandarinValue) {
  /** @param {Store} s */
  const score = (s) => s.small + mandarinValue * s.mandarins;
  return { south: score(position.stores.south), north: score(position.stores.north) };
}
