// The game page: live while the game is waiting or active (moves arrive
// by the game feed and are animated from their event traces), a replay
// once it is over.
//
// DOM contract: the element with `data-status` and `data-ply` describes
// the settled board: while a move is animated it keeps the state before
// it (`data-animating="true"`), and changes when the animation ends.

import { Animator } from "../board/animator.js";
import { summarize, touchedSquares } from "../board/animation.js";
import { parsePosition, other, scores } from "../board/position.js";
import { boardView } from "../board/view.js";
import { ApiError } from "../core/api.js";
import { capabilities, NONE } from "../core/capabilities.js";
import { h, requestRender } from "../core/dom.js";
import { gameAction, getGame, getMoves, playMove } from "../core/endpoints.js";
import { t, tn } from "../core/i18n.js";
import { announce, describeError, showError } from "../core/notices.js";
import { readPref, writePref } from "../core/prefs.js";
import { navigate } from "../core/router.js";
import { restoreSession, seatOf } from "../core/session.js";
import { FINAL_STATUSES, openGameFeed } from "../live/game-feed.js";
import { remaining, serverOffset } from "./clock.js";
import { seatBar, seatName, statusText, playerName } from "./panels.js";
import { abortAllowed, actionsView, animationControls, infoView, moveList } from "./side.js";
import { Replay } from "./replay.js";

/** @typedef {import("../core/dom.js").VNode} VNode */
/** @typedef {import("../core/router.js").Route} Route */
/** @typedef {import("../../types/models").GameView} GameView */
/** @typedef {import("../../types/models").MoveView} MoveView */
/** @typedef {import("../../types/models").SeatName} SeatName */

const CLOCK_TICK_MS = 200;

export class GamePage {
  /** @param {Route} route */
  constructor(route) {
    this.id = route.params[0];
    this.requestedPly = route.query.has("ply") ? Number(route.query.get("ply")) : null;
    /** @type {GameView | null} */
    this.game = null;
    /** @type {MoveView[]} */
    this.moves = [];
    /** @type {Animator | null} */
    this.animator = null;
    /** @type {Replay | null} */
    this.replay = null;
    /** @type {ReturnType<typeof openGameFeed> | null} */
    this.feed = null;
    this.capabilities = NONE;
    /** The status of the settled board (see the DOM contract above). */
    this.shownStatus = "";
    /** @type {MoveView | null} */
    this.lastShown = null;
    /** @type {number | null} */
    this.selected = null;
    this.pending = false;
    /** @type {"resign" | "abort" | null} */
    this.confirming = null;
    this.flipped = readPref("flip") === "north";
    this.clockOffset = 0;
    this.clockTimer = 0;
    /** @type {string | null} */
    this.failure = null;
    this.destroyed = false;
    this.load();
  }

  title() {
    const game = this.game;
    if (!game) return t("game.title", { id: this.id });
    return `${playerName(game.players.south)} – ${playerName(game.players.north)}`;
  }

  destroy() {
    this.destroyed = true;
    this.feed?.close();
    this.animator?.stop();
    this.replay?.stopAutoplay();
    clearInterval(this.clockTimer);
  }

  /** @private */
  async load() {
    try {
      const [caps, first, range] = await Promise.all([
        capabilities(),
        getGame(this.id),
        getMoves(this.id),
        restoreSession(),
      ]);
      this.capabilities = caps;
      let { game, date } = first;
      let { moves } = range;
      // Read at the same time, the two may straddle a move: read the older again.
      for (let tries = 0; game && moves.length !== game.moves_played && tries < 3; tries++) {
        if (moves.length < game.moves_played) ({ moves } = await getMoves(this.id));
        else ({ game, date } = await getGame(this.id));
      }
      if (!game || this.destroyed) return;
      this.game = game;
      this.moves = moves;
      this.clockOffset = serverOffset(date, Date.now());
      this.lastShown = moves.at(-1) ?? null;
      this.shownStatus = game.status;
      this.animator = new Animator(parsePosition(game.position), {
        onChange: () => this.boardChanged(),
        onMovePlayed: (move) => this.movePlayed(move),
      });
      if (FINAL_STATUSES.has(game.status)) {
        this.enterReplay();
      } else {
        // `?ply=` names a position of a replay, not of a game in progress.
        this.requestedPly = null;
        this.feed = openGameFeed(this.id, game, {
          onMoves: (fresh) => this.receiveMoves(fresh),
          onGame: (fresh, freshDate) => this.receiveGame(fresh, freshDate),
          onError: (error) => this.feedError(error),
        }, caps);
      }
      this.startClock();
    } catch (error) {
      this.failure = error instanceof ApiError && error.code === "game_not_found" ? t("game.notFound") : describeError(error);
    }
    requestRender();
  }

  /** @private */
  enterReplay() {
    const game = /** @type {GameView} */ (this.game);
    const animator = /** @type {Animator} */ (this.animator);
    this.feed?.close();
    this.replay = new Replay(game, this.moves, animator, () => requestRender());
    if (this.requestedPly !== null && !Number.isNaN(this.requestedPly)) {
      this.replay.goTo(this.replay.indexOf(this.requestedPly));
      this.lastShown = this.replay.lastMove();
    }
    this.shownStatus = game.status;
  }

  /** @private @param {MoveView[]} fresh */
  receiveMoves(fresh) {
    const known = this.moves.at(-1)?.ply ?? -1;
    const unseen = fresh.filter((move) => move.ply > known);
    this.moves.push(...unseen);
    this.animator?.enqueue(unseen);
    requestRender();
  }

  /** @private @param {GameView} fresh @param {string | null} date */
  receiveGame(fresh, date) {
    if (this.game && fresh.version < this.game.version) return;
    this.game = fresh;
    if (date) this.clockOffset = serverOffset(date, Date.now());
    this.boardChanged();
  }

  /** @private @param {unknown} error */
  feedError(error) {
    // A passing network failure: the feed tries again by itself.
    if (!(error instanceof ApiError && error.code === "network")) showError(error);
  }

  /** Whether the board shows the game as the server last described it. */
  get settledOnGame() {
    const animator = this.animator;
    const game = this.game;
    return Boolean(animator && game && !animator.busy && animator.settled.ply >= game.ply);
  }

  /** @private */
  boardChanged() {
    const game = this.game;
    if (game && this.settledOnGame && !this.replay) {
      if (this.shownStatus !== game.status) {
        if (game.status === "active" && this.shownStatus === "waiting") announce(t("announce.started"));
        if (FINAL_STATUSES.has(game.status)) announce(statusText(game, game.status, game.to_move, seatOf(game)));
      }
      this.shownStatus = game.status;
      if (FINAL_STATUSES.has(game.status)) this.enterReplay();
    }
    requestRender();
  }

  /** @private @param {MoveView} move */
  movePlayed(move) {
    this.lastShown = move;
    const game = this.game;
    const summary = summarize(move);
    const who = game ? `${seatName(move.seat)} (${playerName(game.players[move.seat])})` : seatName(move.seat);
    const parts = [t("announce.played", { who, move: move.notation })];
    if (summary.captured || summary.mandarins) {
      parts.push(summary.mandarins
        ? t("announce.capturedMandarin", { stones: tn("board.stones", summary.captured), mandarins: tn("board.mandarins", summary.mandarins) })
        : t("announce.captured", { stones: tn("board.stones", summary.captured) }));
    }
    if (summary.refill) parts.push(t("announce.refill", { seat: seatName(summary.refill.seat) }));
    if (!summary.end && !this.replay) parts.push(t("announce.next", { seat: seatName(other(move.seat)) }));
    announce(parts.join(" "));
    this.replay?.moveShown();
    this.boardChanged();
  }

  /** @private */
  startClock() {
    clearInterval(this.clockTimer);
    this.clockTimer = window.setInterval(() => {
      if (this.game?.clock?.running && this.game.status === "active") requestRender();
    }, CLOCK_TICK_MS);
  }

  /**
   * Sends a change; the answer is the game after it (and the move played).
   * @private
   * @param {() => Promise<{ game: GameView, move?: MoveView }>} work
   * @param {() => void} [after]
   */
  async send(work, after) {
    if (!this.game || this.pending) return;
    this.pending = true;
    this.selected = null;
    this.confirming = null;
    requestRender();
    try {
      const { game, move } = await work();
      this.feed?.saw(game);
      if (move) this.receiveMoves([move]);
      this.receiveGame(game, null);
      after?.();
    } catch (error) {
      showError(error);
      this.feed?.refresh();
    } finally {
      this.pending = false;
      requestRender();
    }
  }

  /** @private @param {string} move */
  play(move) {
    const ply = /** @type {GameView} */ (this.game).ply;
    this.send(() => playMove(this.id, move, ply));
  }

  /** @private @param {import("./side.js").Action} action */
  act(action) {
    this.send(
      async () => ({ game: await gameAction(this.id, action) }),
      action === "cancel" ? () => navigate("/") : undefined,
    );
  }

  /** @private @param {number} own */
  select(own) {
    this.selected = own >= 1 && own <= 5 ? own : null;
    requestRender();
  }

  /** @private */
  flip() {
    this.flipped = !this.flipped;
    writePref("flip", this.flipped ? "north" : null);
    requestRender();
  }

  /** @returns {VNode} */
  view() {
    if (this.failure) return h("section.page.game-missing", [h("h1", t("game.heading")), h("p", this.failure)]);
    const game = this.game;
    const animator = this.animator;
    if (!game || !animator) return h("section.page", { attrs: { "aria-busy": "true" } }, [h("p", t("common.loading"))]);

    const viewer = seatOf(game);
    const bottom = viewer ?? (this.flipped ? "north" : "south");
    const top = other(bottom);
    const settled = animator.settled;
    const display = animator.display;
    const shownScores = scores(display, game.rules.mandarin_value);
    const live = this.settledOnGame && !this.replay;
    const status = this.replay ? game.status : this.shownStatus;
    const toMove = settled.toMove;
    const canMove = live && status === "active" && viewer === game.to_move && !this.pending;
    const legal = new Set(canMove ? game.legal_moves : []);
    const clocks = game.clock ? remaining(game.clock, Date.now(), this.clockOffset) : null;
    const lastMove = this.lastShown && !animator.busy
      ? { ...touchedSquares(this.lastShown), notation: this.lastShown.notation }
      : null;

    /** @param {SeatName} seat */
    const bar = (seat) =>
      seatBar({
        game,
        seat,
        score: shownScores[seat],
        toMove: status === "active" && toMove === seat,
        clockMs: clocks ? clocks[seat] : null,
        isViewer: viewer === seat,
      });

    return h(
      "section.page.game",
      {
        key: `game-${this.id}`,
        attrs: {
          "data-status": status,
          "data-ply": String(settled.ply),
          "data-after-ply": String(this.replay ? this.replay.afterPly(this.replay.cursor) : settled.ply - 1),
          "data-to-move": toMove,
          "data-animating": String(animator.busy),
          "data-viewer-seat": viewer ?? "",
          "data-last-move": lastMove?.notation ?? "",
          "data-feed": this.feed?.kind() ?? "closed",
        },
      },
      [
        h("h1.sr-only", t("game.heading")),
        h("p.status-line", { attrs: { role: "status" } }, [
          statusText(game, status, toMove, viewer),
          this.pending ? ` ${t("common.working")}` : "",
        ]),
        h("div.game-layout", [
          h("div.game-main", [
            bar(top),
            boardView({
              display,
              settled,
              bottom,
              focus: animator.frame?.focus ?? [],
              hand: animator.frame?.hand ?? 0,
              lastMove,
              controls: viewer && !this.replay && FINAL_STATUSES.has(status) === false
                ? { seat: viewer, legal, selected: this.selected, onSelect: (own) => this.select(own), onMove: (move) => this.play(move) }
                : null,
            }),
            bar(bottom),
            animationControls(animator, viewer ? null : () => this.flip()),
          ]),
          h("aside.game-side", [
            this.replay ? this.replay.controlsView() : null,
            actionsView({
              game,
              viewer,
              status,
              pending: this.pending,
              confirming: this.confirming,
              canAbort: this.capabilities.abort && abortAllowed(this.moves),
              onAct: (action) => this.act(action),
              onConfirm: (action) => {
                this.confirming = action;
                requestRender();
              },
            }),
            this.replay ? this.replay.moveListView() : this.moves.length ? moveList(this.moves) : null,
            this.replay ? this.replay.exportView() : null,
            infoView(game),
          ]),
        ]),
      ],
    );
  }
}
