// Plays moves on the board one after another, frame by frame, at the
// chosen speed. Between moves the board is *settled*: the position after
// the last move played, taken from the server's `position_after`.

import { readPref, writePref } from "../core/prefs.js";
import { planMove } from "./animation.js";
import { parsePosition } from "./position.js";

/** @typedef {import("./position.js").Position} Position */
/** @typedef {import("./animation.js").Frame} Frame */
/** @typedef {import("../../types/models").MoveView} MoveView */

/** Milliseconds per stone dropped, by speed. */
export const SPEEDS = /** @type {const} */ ({ slow: 420, normal: 200, fast: 80, instant: 0 });
/** @typedef {keyof typeof SPEEDS} Speed */

/** @returns {Speed} */
export function savedSpeed() {
  const saved = readPref("speed");
  return saved && saved in SPEEDS ? /** @type {Speed} */ (saved) : "normal";
}

/** @param {Speed} speed */
export const saveSpeed = (speed) => writePref("speed", speed);

export class Animator {
  /**
   * @param {Position} settled
   * @param {{ onChange: () => void, onMovePlayed: (move: MoveView) => void }} hooks
   */
  constructor(settled, hooks) {
    this.settled = settled;
    /** @type {MoveView[]} */
    this.queue = [];
    /** @type {Frame | null} */
    this.frame = null;
    /** @type {MoveView | null} */
    this.current = null;
    /** @type {Speed} */
    this.speed = savedSpeed();
    this.hooks = hooks;
    this.timer = 0;
    this.skipping = false;
  }

  /** Whether a move is being shown or waits to be. */
  get busy() {
    return this.current !== null || this.queue.length > 0;
  }

  /** The position the board shows now. */
  get display() {
    return this.frame?.position ?? this.settled;
  }

  /** The ply the board will have reached once every queued move is shown. */
  get targetPly() {
    const last = this.queue.at(-1) ?? this.current;
    return last ? last.ply + 1 : this.settled.ply;
  }

  /**
   * Queues moves to show, ignoring any already shown or queued.
   * @param {MoveView[]} moves
   */
  enqueue(moves) {
    for (const move of moves) {
      if (move.ply >= this.targetPly) this.queue.push(move);
    }
    if (!this.current) this.next();
  }

  /**
   * Shows `position` at once, dropping anything queued.
   * @param {Position} position
   */
  jump(position) {
    this.stop();
    this.settled = position;
    this.hooks.onChange();
  }

  /** Finishes the move being shown and every queued one at once. */
  skip() {
    if (!this.busy) return;
    this.skipping = true;
    clearTimeout(this.timer);
    this.finishCurrent();
  }

  /** @param {Speed} speed */
  setSpeed(speed) {
    this.speed = speed;
    saveSpeed(speed);
    this.hooks.onChange();
  }

  stop() {
    clearTimeout(this.timer);
    this.queue = [];
    this.current = null;
    this.frame = null;
    this.skipping = false;
  }

  /** @private */
  next() {
    const move = this.queue.shift();
    if (!move) {
      this.skipping = false;
      this.hooks.onChange();
      return;
    }
    this.current = move;
    const delay = SPEEDS[this.speed];
    const hidden = typeof document !== "undefined" && document.hidden;
    if (delay === 0 || hidden || this.skipping) {
      this.finishCurrent();
      return;
    }
    const frames = planMove(this.settled, move);
    let index = 0;
    const show = () => {
      if (index >= frames.length) {
        this.finishCurrent();
        return;
      }
      this.frame = frames[index++];
      this.hooks.onChange();
      this.timer = window.setTimeout(show, this.frame.weight * SPEEDS[this.speed]);
    };
    show();
  }

  /** @private */
  finishCurrent() {
    const move = this.current;
    if (!move) return;
    this.settled = parsePosition(move.position_after);
    this.current = null;
    this.frame = null;
    this.hooks.onMovePlayed(move);
    this.next();
  }
}
