// The game page: live while the game is waiting or active (moves arrive
// by the game feed and are animated from their event traces), a replay
// once it is over.
//
// DOM contract: the element with `data-status` and `data-ply` describes
// the settled board: while a move is animated it keeps the state before
// it (`data-animating="true"`), and changes when the animation ends.
//
// Nothing waits for an animation: the viewer's controls follow the game as
// the server last described it, and acting finishes any animation at once.
// A move that cannot reach the server is sent again, with the same
// Idempotency-Key, once the connection is back.

import { Animator } from "../board/animator.js";
import { summarize, touchedSquares } from "../board/animation.js";
import { parsePosition, other, scores } from "../board/position.js";
import { previewMove } from "../board/preview.js";
import { boardView } from "../board/view.js";
import { ApiError, randomKey } from "../core/api.js";
import { connection, onReconnect } from "../core/connection.js";
import { capabilities, NONE } from "../core/capabilities.js";
import { h, requestRender } from "../core/dom.js";
import { createGame, gameAction, getGame, getMoves, getRatingHistory, playMove } from "../core/endpoints.js";
import { t, tn } from "../core/i18n.js";
import { announce, describeError, showError } from "../core/notices.js";
import { readPref, writePref } from "../core/prefs.js";
import { playTurnSound } from "../core/sound.js";
import { navigate } from "../core/router.js";
import { restoreSession, seatOf } from "../core/session.js";
import { FINAL_STATUSES, openGameFeed } from "../live/game-feed.js";
import { remaining, serverOffset } from "./clock.js";
import { seatBar, seatName, statusText, playerName } from "./panels.js";
import { abortAllowed, actionsView, animationControls, infoView, moveList } from "./side.js";
import { ExplorerPanel } from "./explorer.js";
import { Replay } from "./replay.js";

/** @typedef {import("../core/dom.js").VNode} VNode */
/** @typedef {import("../core/router.js").Route} Route */
/** @typedef {import("../../types/models").GameView} GameView */
/** @typedef {import("../../types/models").MoveView} MoveView */
/** @typedef {import("../../types/models").SeatName} SeatName */
/** @typedef {import("../../types/models").RatingChangeView} RatingChangeView */

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
    /** The opening explorer beside the replay. @type {ExplorerPanel | null} */
    this.explorer = null;
    /** @type {ReturnType<typeof openGameFeed> | null} */
    this.feed = null;
    this.capabilities = NONE;
    /** The status of the settled board (see the DOM contract above). */
    this.shownStatus = "";
    /** @type {MoveView | null} */
    this.lastShown = null;
    /** @type {number | null} */
    this.selected = null;
    /** The move control focused or hovered, whose sowing the board shows. @type {string | null} */
    this.previewing = null;
    this.pending = false;
    /** @type {"resign" | "abort" | null} */
    this.confirming = null;
    this.flipped = readPref("flip") === "north";
    this.clockOffset = 0;
    this.clockTimer = 0;
    /** @type {string | null} */
    this.failure = null;
    /** A move that could not reach the server, to send again once it is back. @type {{ move: string, ply: number, key: string } | null} */
    this.unsent = null;
    /** The move control to give the focus back to once the viewer may move again. @type {string | null} */
    this.refocus = null;
    /** Rating changes this game made, by seat, once known. @type {Partial<Record<SeatName, RatingChangeView>>} */
    this.ratingChanges = {};
    this.ratingsAsked = false;
    this.sound = readPref("sound") === "on";
    this.destroyed = false;
    this.stopReconnect = onReconnect(() => this.reconnected());
    /** @param {KeyboardEvent} event */
    this.onKey = (event) => this.replay?.onKey(event);
    window.addEventListener("keydown", this.onKey);
    // A tab put in the background or brought back shows the latest position at once.
    this.onVisibility = () => {
      if (!this.replay?.autoplay) this.animator?.skip();
    };
    document.addEventListener("visibilitychange", this.onVisibility);
    // The focus is kept on the controls only until the viewer goes elsewhere.
    /** @param {Event} event */
    this.onElsewhere = (event) => {
      const target = /** @type {Element | null} */ (event.target instanceof Element ? event.target : null);
      if (!target?.closest(".controls")) this.refocus = null;
    };
    document.addEventListener("focusin", this.onElsewhere);
    document.addEventListener("pointerdown", this.onElsewhere);
    this.load();
  }

  title() {
    const game = this.game;
    if (!game) return t("game.title", { id: this.id });
    const players = `${playerName(game.players.south)} – ${playerName(game.players.north)}`;
    return this.isMyTurn() ? `(${t("game.yourTurnTitle")}) ${players}` : players;
  }

  /** Whether the server says the viewer is to move now. */
  isMyTurn() {
    const game = this.game;
    return Boolean(game && game.status === "active" && seatOf(game) === game.to_move);
  }

  destroy() {
    this.destroyed = true;
    this.stopReconnect();
    window.removeEventListener("keydown", this.onKey);
    document.removeEventListener("visibilitychange", this.onVisibility);
    document.removeEventListener("focusin", this.onElsewhere);
    document.removeEventListener("pointerdown", this.onElsewhere);
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
    const replay = this.replay;
    this.explorer = new ExplorerPanel(game, (move) => replay.explore(move));
    if (this.requestedPly !== null && !Number.isNaN(this.requestedPly)) {
      this.replay.goTo(this.replay.indexOf(this.requestedPly));
      this.lastShown = this.replay.lastMove();
    }
    this.shownStatus = game.status;
    this.loadRatingChanges();
  }

  /** The rating change of each player of a rated game, from their rating history. @private */
  async loadRatingChanges(attempt = 0) {
    const game = this.game;
    if (!game || !game.rated || game.status !== "finished" || (this.ratingsAsked && attempt === 0)) return;
    this.ratingsAsked = true;
    const preset = game.rules.preset ?? undefined;
    for (const seat of /** @type {const} */ (["south", "north"])) {
      const player = game.players[seat];
      if (!player?.id || this.ratingChanges[seat]) continue;
      try {
        const { changes } = await getRatingHistory(player.id, { preset, limit: 10 });
        const change = changes.find((c) => c.game_id === game.id);
        if (change) this.ratingChanges[seat] = change;
      } catch {
        // The result stands without it.
      }
    }
    // Ratings are settled just after the game: look once more if one is missing.
    const missing = (["south", "north"]).some((seat) => !this.ratingChanges[/** @type {SeatName} */ (seat)]);
    if (missing && attempt < 2 && !this.destroyed) window.setTimeout(() => this.loadRatingChanges(attempt + 1), 1500);
    requestRender();
  }

  /** A new game against the same opponent: the seat kept for them, or the bot seated at once. @private */
  rematch() {
    const game = /** @type {GameView} */ (this.game);
    const seat = seatOf(game);
    if (!seat) return;
    const opponent = game.players[other(seat)];
    if (!opponent?.id || !game.rules.preset) return;
    /** @type {import("../../types/models").NewGame} */
    const body = {
      rules: { preset: game.rules.preset },
      seat,
      // Who moved second moves first.
      first: other(game.first),
      rated: game.rated,
      opponent: opponent.id,
    };
    if (game.time_control) body.clock = game.time_control;
    this.pending = true;
    requestRender();
    createGame(body)
      .then((created) => navigate(`/games/${encodeURIComponent(created.id)}`))
      .catch(showError)
      .finally(() => {
        this.pending = false;
        requestRender();
      });
  }

  /** After the game: the rating changes, and a rematch. @private @returns {VNode | null} */
  afterGameView() {
    const game = /** @type {GameView} */ (this.game);
    if (!this.replay || game.imported) return null;
    const viewer = seatOf(game);
    const opponent = viewer ? game.players[other(viewer)] : null;
    const changes = /** @type {[SeatName, RatingChangeView][]} */ (Object.entries(this.ratingChanges));
    const canRematch = viewer && opponent?.id && game.rules.preset && !game.custom_start;
    if (!changes.length && !canRematch) return null;
    return h("div.after-game", { key: "after-game" }, [
      changes.length
        ? h("div.rating-changes", { attrs: { "data-rating-changes": "true" } }, [
            h("h2", t("game.ratingHeading")),
            h("ul", changes.map(([seat, change]) => {
              const delta = Math.round(change.rating_after) - Math.round(change.rating_before);
              return h("li", { key: seat, attrs: { "data-rating-change": seat } }, t("game.ratingChange", {
                player: playerName(game.players[seat]),
                before: Math.round(change.rating_before),
                after: Math.round(change.rating_after),
                change: delta > 0 ? `+${delta}` : String(delta),
              }));
            })),
          ])
        : null,
      canRematch
        ? h(
            "button.primary",
            { attrs: { type: "button", "data-rematch": "true", disabled: this.pending }, on: { click: () => this.rematch() } },
            opponent?.bot ? t("game.playBotAgain") : t("game.rematch"),
          )
        : null,
    ]);
  }

  /** The explorer, following the position the replay shows. @private @returns {VNode | null} */
  explorerView() {
    const replay = this.replay;
    const explorer = this.explorer;
    if (!replay || !explorer) return null;
    explorer.follow(replay.shownPosition());
    return explorer.view(replay.nextGameMove());
  }

  /** @private */
  toggleSound() {
    this.sound = !this.sound;
    writePref("sound", this.sound ? "on" : null);
    if (this.sound) playTurnSound();
    requestRender();
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
    const wasMyTurn = this.isMyTurn();
    this.game = fresh;
    if (!wasMyTurn && this.isMyTurn() && this.sound) playTurnSound();
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
    const game = /** @type {GameView} */ (this.game);
    if (this.pending || this.unsent) return;
    this.animator?.skip();
    this.refocus = move;
    this.sendMove({ move, ply: game.ply, key: randomKey() });
  }

  /** @private @param {{ move: string, ply: number, key: string }} attempt */
  async sendMove(attempt) {
    if (!this.game || this.pending) return;
    this.pending = true;
    this.selected = null;
    this.confirming = null;
    requestRender();
    try {
      const { game, move } = await playMove(this.id, attempt.move, attempt.ply, attempt.key);
      this.unsent = null;
      this.feed?.saw(game);
      this.receiveMoves([move]);
      this.receiveGame(game, null);
    } catch (error) {
      if (error instanceof ApiError && error.code === "network") {
        // Kept, and sent again once the server answers (see `reconnected`).
        this.unsent = attempt;
      } else {
        this.unsent = null;
        showError(error);
        this.feed?.refresh();
      }
    } finally {
      this.pending = false;
      requestRender();
    }
  }

  /** The server answers again: catch up, and send the move that could not go. @private */
  reconnected() {
    if (this.destroyed) return;
    this.feed?.refresh();
    if (this.unsent) this.sendMove(this.unsent);
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
    this.animator?.skip();
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
    const status = this.replay ? game.status : this.shownStatus;
    const toMove = settled.toMove;
    // The server's game, not the board being animated, says who may move now.
    const serverActive = !this.replay && game.status === "active";
    const turn = serverActive ? game.to_move : toMove;
    const canMove = serverActive && viewer === game.to_move && !this.pending && !this.unsent;
    const legal = new Set(canMove ? game.legal_moves : []);
    // The preview starts from the server's position, which the board shows once any animation is skipped.
    const now = parsePosition(game.position);
    const preview = canMove && this.previewing && legal.has(this.previewing) ? previewMove(now, game.rules, this.previewing) : null;
    const captures = new Map(canMove ? game.legal_moves.map((move) => {
      const what = previewMove(now, game.rules, move);
      return [move, what.stones + what.mandarins * game.rules.mandarin_value];
    }) : []);
    const clocks = this.replay ? this.replay.clocksAt(this.replay.cursor) : game.clock ? remaining(game.clock, Date.now(), this.clockOffset) : null;
    // Before a side's first move of a real-time game the deadline is the
    // window for that move, not its clock (which the first move does not use).
    const running = !this.replay && game.status === "active" ? game.clock?.running ?? null : null;
    const firstMoveWindow = running && game.time_control && "initial_s" in game.time_control && !this.moves.some((m) => m.seat === running)
      ? { seat: running, ms: clocks?.[running] ?? 0 }
      : null;
    const lastMove = this.lastShown && !animator.busy
      ? { ...touchedSquares(this.lastShown), notation: this.lastShown.notation }
      : null;

    /** @param {SeatName} seat */
    const bar = (seat) =>
      seatBar({
        game,
        seat,
        score: shownScores[seat],
        toMove: (serverActive || status === "active") && turn === seat,
        clockMs: firstMoveWindow?.seat === seat && game.clock ? (seat === "south" ? game.clock.south_ms : game.clock.north_ms) : clocks ? clocks[seat] : null,
        firstMoveMs: firstMoveWindow?.seat === seat ? firstMoveWindow.ms : null,
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
          // While the server cannot be reached, what the page last heard may be stale: it says so instead.
          this.unsent
            ? t("game.unsent", { move: this.unsent.move })
            : connection.state === "reconnecting" && !FINAL_STATUSES.has(status)
              ? t("connection.lost")
              : statusText(game, serverActive && status === "active" ? "active" : status, turn, viewer),
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
              preview: animator.busy ? null : preview,
              controls: viewer && !this.replay && FINAL_STATUSES.has(status) === false
                ? {
                    seat: viewer,
                    legal,
                    selected: this.selected,
                    onSelect: (own) => this.select(own),
                    onMove: (move) => this.play(move),
                    refocus: this.refocus,
                    captures,
                    onPreview: (move) => {
                      if (move) this.animator?.skip();
                      this.previewing = move;
                      requestRender();
                    },
                  }
                : null,
            }),
            bar(bottom),
            animationControls(animator, viewer ? null : () => this.flip()),
            viewer && !this.replay
              ? h("label.sound", [
                  h("input", { attrs: { type: "checkbox", name: "sound" }, props: { checked: this.sound }, on: { change: () => this.toggleSound() } }),
                  " ",
                  t("game.sound"),
                ])
              : null,
          ]),
          h("aside.game-side", [
            this.afterGameView(),
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
            this.explorerView(),
            infoView(game),
          ]),
        ]),
      ],
    );
  }
}
