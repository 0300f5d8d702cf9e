// Plays moves on the board one after another, frame by frame, at the
// chosen speed. Between moves the board is *settled*: the position after
// the last move played, taken from the server's `position_after`.
//
// An animation never holds anything up: each speed gives a move a budget
// (at the default, 300 ms however many stones it sows), a move arriving
// while another is shown finishes that one at once, several arriving
// together (a reconnect, a tab back from the background) are jumped to
// the last, and `skip` finishes everything when the player acts.

import { readPref, writePref } from "../core/prefs.js";
import { planMove } from "./animation.js";
import { parsePosition } from "./position.js";

/** @typedef {import("./position.js").Position} Position */
/** @typedef {import("./animation.js").Frame} Frame */
/** @typedef {import("../../types/models").MoveView} MoveView */

/** Milliseconds per stone dropped, and at most for a whole move, by speed. */
export const SPEEDS = /** @type {const} */ ({
  slow: { drop: 250, move: 2500 },
  normal: { drop: 60, move: 300 },
  fast: { drop: 25, move: 150 },
  instant: { drop: 0, move: 0 },
});
/** @typedef {keyof typeof SPEEDS} Speed */

/**
 * How long each frame of a move is shown: `drop` ms per unit of weight,
 * scaled down so that the move fits in `move` ms.
 * @param {{ weight: number }[]} frames
 * @param {Speed} speed
 */
export function frameDelay(frames, speed) {
  const { drop, move } = SPEEDS[speed];
  const total = frames.reduce((sum, frame) => sum + frame.weight, 0);
  return total === 0 ? 0 : Math.min(drop, move / total);
}

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
    const fresh = moves.filter((move, i) => move.ply >= this.targetPly && moves.findIndex((m) => m.ply === move.ply) === i);
    if (!fresh.length) return;
    this.queue.push(...fresh);
    // Behind: only the newest move is animated, the others are shown at once.
    if (this.current || this.queue.length > 1) this.catchUp();
    if (!this.current) this.next();
  }

  /**
   * Finishes the move being shown and every queued one but the last at
   * once, in order (each reported), leaving the last to animate.
   * @private
   */
  catchUp() {
    clearTimeout(this.timer);
    const last = /** @type {MoveView} */ (this.queue.pop());
    const behind = this.queue;
    this.queue = [];
    if (this.current) this.finishOne();
    for (const move of behind) {
      this.current = move;
      this.finishOne();
    }
    this.queue = [last];
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
    const hidden = typeof document !== "undefined" && document.hidden;
    if (SPEEDS[this.speed].move === 0 || hidden || this.skipping) {
      this.finishCurrent();
      return;
    }
    const frames = planMove(this.settled, move);
    const delay = frameDelay(frames, this.speed);
    let index = 0;
    const show = () => {
      if (index >= frames.length) {
        this.finishCurrent();
        return;
      }
      this.frame = frames[index++];
      this.hooks.onChange();
      this.timer = window.setTimeout(show, this.frame.weight * delay);
    };
    show();
  }

  /** @private */
  finishCurrent() {
    this.finishOne();
    this.next();
  }

  /** Settles on the move being shown and reports it. @private */
  finishOne() {
    const move = this.current;
    if (!move) return;
    this.settled = parsePosition(move.position_after);
    this.current = null;
    this.frame = null;
    this.hooks.onMovePlayed(move);
  }
}
