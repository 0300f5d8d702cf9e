// The lobby: who you are, a new game, your games, the open games (join in
// one click), the games being played now (to watch), recent results, and
// importing a record.

import { capabilities, NONE } from "../core/capabilities.js";
import { h, requestRender } from "../core/dom.js";
import { gameAction, listGames } from "../core/endpoints.js";
import { formatDate, t, tn } from "../core/i18n.js";
import { showError } from "../core/notices.js";
import { navigate } from "../core/router.js";
import { restoreSession, seatOf, session } from "../core/session.js";
import { playerName, resultText, seatName } from "../game/panels.js";
import { openLobbyFeed } from "../live/lobby-feed.js";
import { openMyGamesFeed } from "../live/my-games-feed.js";
import { CreateGameForm, ImportForm, SessionPanel } from "./lobby-forms.js";

/** @typedef {import("../core/dom.js").VNode} VNode */
/** @typedef {import("../core/router.js").Route} Route */
/** @typedef {import("../../types/models").GameView} GameView */

/** @param {GameView} game */
const gameHref = (game) => `/games/${encodeURIComponent(game.id)}`;

/** @param {GameView} game */
function rulesLabel(game) {
  const preset = game.rules.preset;
  const rules = preset ? t(/** @type {any} */ (`preset.${preset}`)) : t("preset.custom");
  return `${rules} · ${game.rated ? t("game.rated") : t("game.unrated")}`;
}

/** How often the list of games being played is read again. */
const LIVE_REFRESH_MS = 10_000;

export class LobbyPage {
  /** @param {Route} route */
  constructor(route) {
    this.sessionPanel = new SessionPanel();
    this.createForm = new CreateGameForm(NONE, route.query.get("opponent"));
    this.importForm = new ImportForm();
    /** @type {GameView[] | null} */
    this.open = null;
    /** @type {{ active: GameView[], waiting: GameView[] } | null} */
    this.mine = null;
    /** @type {GameView[] | null} */
    this.recent = null;
    /** @type {GameView[] | null} */
    this.live = null;
    this.liveTimer = 0;
    /** @type {string | null} */
    this.myFeedFor = null;
    /** @type {ReturnType<typeof openLobbyFeed> | null} */
    this.lobbyFeed = null;
    /** @type {ReturnType<typeof openMyGamesFeed> | null} */
    this.myFeed = null;
    this.joining = "";
    /** @type {import("../core/capabilities.js").Capabilities | null} */
    this.capabilities = null;
    this.destroyed = false;
    this.start();
  }

  title() {
    return t("nav.lobby");
  }

  /** @private */
  async start() {
    const [caps] = await Promise.all([capabilities(), restoreSession()]);
    if (this.destroyed) return;
    this.createForm.useCapabilities(caps);
    this.capabilities = caps;
    this.lobbyFeed = openLobbyFeed(caps, {
      onGames: (games) => {
        this.open = games;
        requestRender();
      },
      onError: () => {},
    });
    this.loadLive();
    this.liveTimer = window.setInterval(() => {
      if (!document.hidden) this.loadLive();
    }, LIVE_REFRESH_MS);
    listGames({ status: "finished", limit: 10 })
      .then((page) => {
        this.recent = page.games;
        requestRender();
      })
      .catch(showError);
    requestRender();
  }

  /** @private */
  loadLive() {
    listGames({ status: "active", limit: 10 })
      .then((page) => {
        this.live = page.games;
        requestRender();
      })
      .catch(() => {});
  }

  destroy() {
    this.destroyed = true;
    clearInterval(this.liveTimer);
    this.lobbyFeed?.close();
    this.myFeed?.close();
  }

  /** Follows the signed-in player's games (and stops when they sign out). @private */
  followMyGames() {
    const me = session.me;
    if ((me?.id ?? null) === this.myFeedFor || !this.capabilities) return;
    this.myFeed?.close();
    this.myFeed = null;
    this.mine = null;
    this.myFeedFor = me?.id ?? null;
    if (!me) return;
    this.myFeed = openMyGamesFeed(me.id, this.capabilities, {
      onGames: (active, waiting) => {
        this.mine = { active, waiting };
        requestRender();
      },
      onError: () => {},
    });
  }

  /** @private @param {GameView} game */
  async join(game) {
    this.joining = game.id;
    requestRender();
    try {
      await gameAction(game.id, "join");
      navigate(gameHref(game));
    } catch (error) {
      showError(error);
      this.lobbyFeed?.refresh();
    } finally {
      this.joining = "";
      requestRender();
    }
  }

  /** @returns {VNode} */
  view() {
    queueMicrotask(() => this.followMyGames());
    return h("section.page.lobby", [
      h("h1", t("lobby.heading")),
      h("p.lede", [t("lobby.lede"), " ", h("a", { attrs: { href: "/how-to-play" } }, t("lobby.learn"))]),
      h("div.lobby-grid", [
        h("div.lobby-column", [this.sessionPanel.view(), this.createForm.view(), this.myGamesView()]),
        h("div.lobby-column", [this.openGamesView(), this.liveView(), this.recentView(), this.importForm.view()]),
      ]),
    ]);
  }

  /** @private */
  myGamesView() {
    const me = session.me;
    if (!me) return null;
    const mine = this.mine;
    /** @param {GameView} game */
    const row = (game) => {
      const seat = seatOf(game);
      const opponent = seat ? game.players[seat === "south" ? "north" : "south"] : null;
      const turn = game.status === "waiting"
        ? t("lobby.waitingForOpponent")
        : seat === game.to_move ? t("lobby.yourTurn") : t("lobby.theirTurn");
      return h("li.game-row", { key: game.id, class: { "your-turn": game.status === "active" && seat === game.to_move }, attrs: { "data-game": game.id } }, [
        h("a", { attrs: { href: gameHref(game) } }, [
          h("span.row-title", t("lobby.versus", { name: playerName(opponent) })),
          h("span.row-meta", `${seat ? seatName(seat) : ""} · ${rulesLabel(game)}`),
          h("span.row-turn", turn),
        ]),
      ]);
    };
    return h("section.card.mine", { attrs: { "aria-labelledby": "mine-heading" } }, [
      h("h2#mine-heading", t("lobby.myGames")),
      !mine
        ? h("p", t("common.loading"))
        : mine.active.length + mine.waiting.length === 0
          ? h("p", t("lobby.noGames"))
          : h("ul.game-list", [...mine.active.map(row), ...mine.waiting.map(row)]),
    ]);
  }

  /** @private */
  openGamesView() {
    const me = session.me;
    const games = (this.open ?? []).filter((game) => !me || game.created_by !== me.id);
    /** @param {GameView} game */
    const row = (game) => {
      const creator = game.players.south ?? game.players.north;
      const openSeat = game.players.south ? "north" : "south";
      const reservedForOther = Boolean(game.reserved_for && game.reserved_for.id !== me?.id);
      return h("li.game-row", { key: game.id, attrs: { "data-game": game.id } }, [
        h("a", { attrs: { href: gameHref(game) } }, [
          h("span.row-title", playerName(creator)),
          h("span.row-meta", `${t("lobby.youWouldPlay", { seat: seatName(openSeat) })} · ${rulesLabel(game)}`),
          game.reserved_for ? h("span.row-turn", t("game.reservedFor", { name: game.reserved_for.name })) : null,
        ]),
        me && !reservedForOther
          ? h(
              "button.primary.join",
              { attrs: { type: "button", disabled: this.joining === game.id, "data-join": game.id }, on: { click: () => this.join(game) } },
              t("game.join"),
            )
          : null,
      ]);
    };
    return h("section.card.open", { attrs: { "aria-labelledby": "open-heading", "aria-live": "polite" } }, [
      h("h2#open-heading", t("lobby.openGames")),
      this.open === null ? h("p", t("common.loading")) : games.length ? h("ul.game-list", games.map(row)) : h("p", t("lobby.noOpenGames")),
    ]);
  }

  /** @private */
  liveView() {
    const live = this.live;
    return h("section.card.live", { attrs: { "aria-labelledby": "live-heading" } }, [
      h("h2#live-heading", t("lobby.live")),
      live === null
        ? h("p", t("common.loading"))
        : live.length === 0
          ? h("p", t("lobby.noLive"))
          : h(
              "ul.game-list",
              live.map((game) =>
                h("li.game-row", { key: game.id, attrs: { "data-live-game": game.id } }, [
                  h("a", { attrs: { href: gameHref(game) } }, [
                    h("span.row-title", `${playerName(game.players.south)} – ${playerName(game.players.north)}`),
                    h("span.row-meta", `${rulesLabel(game)} · ${tn("lobby.plies", game.ply)}`),
                    h("span.row-turn", t("lobby.watch")),
                  ]),
                ]),
              ),
            ),
    ]);
  }

  /** @private */
  recentView() {
    const recent = this.recent;
    return h("section.card.recent", { attrs: { "aria-labelledby": "recent-heading" } }, [
      h("h2#recent-heading", t("lobby.recent")),
      recent === null
        ? h("p", t("common.loading"))
        : recent.length === 0
          ? h("p", t("lobby.noRecent"))
          : h(
              "ul.game-list",
              recent.map((game) =>
                h("li.game-row", { key: game.id }, [
                  h("a", { attrs: { href: gameHref(game) } }, [
                    h("span.row-title", `${playerName(game.players.south)} – ${playerName(game.players.north)}`),
                    h("span.row-meta", `${rulesLabel(game)} · ${formatDate(game.finished_at)}`),
                    h("span.row-turn", resultText(game)),
                  ]),
                ]),
              ),
            ),
    ]);
  }
}
