// Replaying a game that is over: a cursor over its positions, stepped
// back and forth (forward steps animated), autoplay, the move list in
// notation, export and a link to the position shown. Moves off the game's
// line can be explored from the position shown (the server plays them):
// a branch, left by stepping back past its start or by any other step.
//
// DOM contract: the controls carry `data-action="start|prev|next|end|play"`.

import { h } from "../core/dom.js";
import { exportUrl, playLine } from "../core/endpoints.js";
import { icon } from "../core/icons.js";
import { t } from "../core/i18n.js";
import { showError } from "../core/notices.js";
import { replaceQuery } from "../core/router.js";
import { SPEEDS } from "../board/animator.js";
import { parsePosition } from "../board/position.js";
import { rulesInput } from "./explorer.js";
import { moveList } from "./side.js";

/** @typedef {import("../core/dom.js").VNode} VNode */
/** @typedef {import("../board/position.js").Position} Position */
/** @typedef {import("../board/animator.js").Animator} Animator */
/** @typedef {import("../../types/models").GameView} GameView */
/** @typedef {import("../../types/models").MoveView} MoveView */

/** The pause between moves in autoplay, in stone-drops of the animation (at least 150 ms). */
const AUTOPLAY_PAUSE_DROPS = 3;
const AUTOPLAY_MIN_PAUSE_MS = 150;

export class Replay {
  /**
   * @param {GameView} game
   * @param {MoveView[]} moves
   * @param {Animator} animator
   * @param {() => void} onChange
   */
  constructor(game, moves, animator, onChange) {
    this.game = game;
    this.moves = moves;
    this.animator = animator;
    this.onChange = onChange;
    /** @type {Position[]} */
    this.positions = [parsePosition(game.start_position), ...moves.map((m) => parsePosition(m.position_after))];
    /** Each position's notation, as the server wrote it. */
    this.notations = [game.start_position, ...moves.map((m) => m.position_after)];
    /** Moves explored off the game's line from the position at `cursor`, each with the position after it. @type {MoveView[]} */
    this.branch = [];
    this.exploring = false;
    this.cursor = moves.length;
    this.autoplay = false;
    this.autoplayTimer = 0;
    this.shareStatus = "";
  }

  get end() {
    return this.moves.length;
  }

  /**
   * The API's number for the position at `index` (as in
   * `/positions/{ply}`): the ply of the move before it; for the start,
   * one less than its ply (0 from the standard start).
   * @param {number} index
   */
  afterPly(index) {
    return index === 0 ? this.positions[0].ply - 1 : this.moves[index - 1].ply;
  }

  /** @param {number} afterPly (0 always names the start, as in the API) */
  indexOf(afterPly) {
    if (afterPly <= this.afterPly(0)) return 0;
    const found = this.moves.findIndex((m) => m.ply === afterPly);
    if (found >= 0) return found + 1;
    return afterPly < (this.moves[0]?.ply ?? 0) ? 0 : this.end;
  }

  /**
   * Each side's time left at the position at `index`, from the record:
   * the mover's `clock_ms` after each move, the initial time before a
   * side's first move, and the final clocks (a fallen flag shows 0) at the
   * end. `null` for a game without a real-time clock.
   * @param {number} index
   * @returns {{ south: number, north: number } | null}
   */
  clocksAt(index) {
    const clock = this.game.clock;
    const control = this.game.time_control;
    if (index >= this.end && clock) return { south: clock.south_ms, north: clock.north_ms };
    if (!control || !("initial_s" in control)) return clock ? { south: clock.south_ms, north: clock.north_ms } : null;
    const readings = { south: control.initial_s * 1000, north: control.initial_s * 1000 };
    for (const move of this.moves.slice(0, index)) {
      if (move.clock_ms != null) readings[move.seat] = move.clock_ms;
    }
    return readings;
  }

  /** The notation of the position on the board: the game's at `cursor`, or the branch's last. */
  shownPosition() {
    return this.branch.at(-1)?.position_after ?? this.notations[this.cursor];
  }

  /** The game's own move from the position shown; `null` off its line or at its end. */
  nextGameMove() {
    return this.branch.length ? null : this.moves[this.cursor]?.notation ?? null;
  }

  /**
   * Plays `move` from the position shown: the game's next move steps the
   * replay forward; any other is asked of the server and shown as a branch.
   * @param {string} move
   */
  async explore(move) {
    if (this.exploring) return;
    if (move === this.nextGameMove()) {
      this.goTo(this.cursor + 1, { animate: true });
      return;
    }
    this.stopAutoplay();
    this.exploring = true;
    this.onChange();
    const from = this.shownPosition();
    try {
      const line = await playLine({ rules: rulesInput(this.game.rules), position: from, moves: [move] });
      const played = line.moves[0];
      // Dropped if the board went elsewhere meanwhile.
      if (played && this.shownPosition() === from) {
        /** @type {MoveView} */
        const shown = { ply: played.ply, seat: played.seat, notation: played.notation, events: played.events, position_after: played.position_after, clock_ms: null, think_ms: null, played_at: null };
        this.animator.skip();
        this.branch.push(shown);
        // Animated from the position shown; at once if the plies do not line up.
        if (shown.ply === this.animator.targetPly) this.animator.enqueue([shown]);
        else this.animator.jump(parsePosition(shown.position_after));
      }
    } catch (error) {
      showError(error);
    } finally {
      this.exploring = false;
      this.onChange();
    }
  }

  /** Back one move of the branch, to the game's line after its first. */
  leaveBranchStep() {
    this.branch.pop();
    this.animator.jump(parsePosition(this.shownPosition()));
    this.onChange();
  }

  /** The move that led to the position at `index`. */
  lastMove() {
    return this.cursor > 0 ? this.moves[this.cursor - 1] : null;
  }

  /**
   * Shows the position at `index`; one step forward is animated.
   * @param {number} index
   * @param {{ animate?: boolean, keepAutoplay?: boolean }} [options]
   */
  goTo(index, options = {}) {
    const target = Math.max(0, Math.min(this.end, index));
    if (!options.keepAutoplay) this.stopAutoplay();
    const wasExploring = this.branch.length > 0;
    this.branch = [];
    const animate = options.animate && !wasExploring && target === this.cursor + 1 && !this.animator.busy;
    this.cursor = target;
    if (animate) this.animator.enqueue([this.moves[target - 1]]);
    else this.animator.jump(this.positions[target]);
    replaceQuery({ ply: target === this.end ? null : String(this.afterPly(target)) });
    this.shareStatus = "";
    this.onChange();
  }

  /**
   * ←/→ step back and forth, Home/End go to the start and the end, from
   * anywhere on the page but a field being typed in.
   * @param {KeyboardEvent} event
   */
  onKey(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = /** @type {HTMLElement | null} */ (event.target);
    if (target && target.closest("input, textarea, select, [contenteditable]")) return;
    const action = { ArrowLeft: "prev", ArrowRight: "next", Home: "start", End: "end" }[event.key];
    if (!action) return;
    event.preventDefault();
    this.act(action);
  }

  /** @param {string} action */
  act(action) {
    if (action === "prev" && this.branch.length) this.leaveBranchStep();
    else if (action === "start") this.goTo(0);
    else if (action === "prev") this.goTo(this.cursor - 1);
    else if (action === "next") this.goTo(this.cursor + 1, { animate: true });
    else if (action === "end") this.goTo(this.end);
    else if (action === "play") this.toggleAutoplay();
  }

  toggleAutoplay() {
    if (this.autoplay) {
      this.stopAutoplay();
      this.onChange();
      return;
    }
    this.autoplay = true;
    if (this.cursor >= this.end) this.goTo(0, { keepAutoplay: true });
    this.advance();
  }

  /** After each move shown: the next one, while autoplay is on. */
  moveShown() {
    if (!this.autoplay) return;
    const pause = Math.max(AUTOPLAY_MIN_PAUSE_MS, AUTOPLAY_PAUSE_DROPS * SPEEDS[this.animator.speed].drop);
    this.autoplayTimer = window.setTimeout(() => this.advance(), pause);
  }

  /** @private */
  advance() {
    if (!this.autoplay) return;
    if (this.cursor >= this.end) {
      this.stopAutoplay();
      this.onChange();
      return;
    }
    // The animator reports the move shown (see `moveShown`), even at once.
    this.goTo(this.cursor + 1, { animate: true, keepAutoplay: true });
  }

  stopAutoplay() {
    this.autoplay = false;
    clearTimeout(this.autoplayTimer);
  }

  async share() {
    const url = new URL(location.href);
    url.searchParams.set("ply", String(this.afterPly(this.cursor)));
    try {
      await navigator.clipboard.writeText(url.href);
      this.shareStatus = t("replay.copied");
    } catch {
      // No clipboard outside a secure context: show the link to copy by hand.
      this.shareStatus = url.href;
    }
    this.onChange();
  }

  /** @returns {VNode} */
  controlsView() {
    const atStart = this.cursor === 0 && !this.branch.length;
    const atEnd = this.cursor === this.end && !this.branch.length;
    /** @param {string} action @param {import("../core/icons.js").IconName} glyph @param {string} label @param {boolean} disabled */
    const button = (action, glyph, label, disabled) =>
      h(
        "button.replay-button",
        {
          key: action,
          attrs: {
            type: "button",
            "data-action": action,
            disabled,
            "aria-label": label,
            title: label,
            ...(action === "play" ? { "aria-pressed": String(this.autoplay) } : {}),
          },
          on: { click: () => this.act(action) },
        },
        [icon(glyph)],
      );
    return h("div.replay", { key: "replay" }, [
      h("div.replay-buttons", { attrs: { role: "toolbar", "aria-label": t("replay.controls") } }, [
        button("start", "start", t("replay.start"), atStart),
        button("prev", "prev", t("replay.prev"), atStart),
        button("play", this.autoplay ? "pause" : "play", this.autoplay ? t("replay.pause") : t("replay.play"), this.end === 0),
        button("next", "next", t("replay.next"), atEnd),
        button("end", "end", t("replay.end"), atEnd),
      ]),
      h("p.replay-position", t("replay.position", { ply: this.afterPly(this.cursor), total: this.afterPly(this.end) })),
      this.branch.length
        ? h("p.explored-line", { attrs: { "data-testid": "explored-line", "data-line": this.branch.map((m) => m.notation).join(",") } }, [
            t("explorer.branch", { moves: this.branch.map((m) => m.notation).join(" ") }),
            " ",
            h("button", { attrs: { type: "button", "data-testid": "explored-back" }, on: { click: () => this.goTo(this.cursor) } }, t("explorer.backToGame")),
          ])
        : null,
      this.jumpView(),
    ]);
  }

  /** @private */
  jumpView() {
    return h(
      "form.jump",
      {
        on: {
          submit: (/** @type {SubmitEvent} */ event) => {
            event.preventDefault();
            const input = /** @type {HTMLFormElement} */ (event.target).elements.namedItem("ply");
            this.goTo(this.indexOf(Number(/** @type {HTMLInputElement} */ (input).value)));
          },
        },
      },
      [
        h("label", [
          t("replay.jumpLabel"),
          " ",
          h("input", {
            attrs: { name: "ply", type: "number", min: 0, max: this.afterPly(this.end), inputmode: "numeric" },
            props: { value: String(this.afterPly(this.cursor)) },
          }),
        ]),
        " ",
        h("button", { attrs: { type: "submit" } }, t("replay.jump")),
      ],
    );
  }

  /** The moves, each a button to its position. @returns {VNode} */
  moveListView() {
    return moveList(this.moves, { current: this.cursor, onGo: (index) => this.goTo(index) });
  }

  /** @returns {VNode} */
  exportView() {
    const id = this.game.id;
    return h("div.export", [
      h("a.button", { attrs: { href: exportUrl(id, "text"), download: `oanquan-${id}.txt` } }, t("replay.exportText")),
      " ",
      h("a.button", { attrs: { href: exportUrl(id, "json"), download: `oanquan-${id}.json` } }, t("replay.exportJson")),
      " ",
      h("button", { attrs: { type: "button" }, on: { click: () => this.share() } }, t("replay.share")),
      this.shareStatus ? h("p.share-status", { attrs: { role: "status" } }, this.shareStatus) : null,
    ]);
  }
}
