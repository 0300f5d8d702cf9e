// A player's page: ratings per preset, the rating history as a chart, the
// record against the viewer, recent games linking to their replays, and
// every finished game to download (the bulk export, streamed by the
// server: a plain link, no token needed).
//
// DOM contract: the download links are `data-testid="export-games"`, with
// `data-format` `ndjson` or `text`.

import { h, requestRender } from "../core/dom.js";
import { getPlayer, getRatingHistory, getVersus, listPlayerGames, playerExportUrl } from "../core/endpoints.js";
import { formatDate, formatDay, formatNumber, t, tn } from "../core/i18n.js";
import { describeError } from "../core/notices.js";
import { restoreSession, session } from "../core/session.js";
import { playerName, resultText } from "../game/panels.js";
import { PRESETS } from "./leaderboard.js";
import { ratingChart } from "./rating-chart.js";

/** @typedef {import("../core/dom.js").VNode} VNode */
/** @typedef {import("../core/router.js").Route} Route */
/** @typedef {import("../../types/models").PlayerProfile} PlayerProfile */
/** @typedef {import("../../types/models").RatingChangeView} RatingChangeView */
/** @typedef {import("../../types/models").GameView} GameView */
/** @typedef {import("../../types/models").VersusView} VersusView */

const HISTORY_SHOWN = 200;
const GAMES_PER_PAGE = 10;

export class PlayerPage {
  /** @param {Route} route */
  constructor(route) {
    this.id = route.params[0];
    /** @type {PlayerProfile | null} */
    this.profile = null;
    /** @type {RatingChangeView[]} */
    this.history = [];
    /** @type {GameView[]} */
    this.games = [];
    /** @type {string | null} */
    this.gamesCursor = null;
    /** @type {VersusView | null} */
    this.versus = null;
    this.error = "";
    this.load();
  }

  title() {
    return this.profile?.name ?? t("player.title");
  }

  /** @private */
  async load() {
    try {
      const [profile, history, games] = await Promise.all([
        getPlayer(this.id),
        getRatingHistory(this.id, { limit: HISTORY_SHOWN }),
        listPlayerGames(this.id, { limit: GAMES_PER_PAGE }),
        restoreSession(),
      ]);
      this.profile = profile;
      this.history = [...history.changes].reverse();
      this.games = games.games;
      this.gamesCursor = games.next_cursor ?? null;
      const me = session.me;
      if (me && me.id !== this.id) this.versus = await getVersus(me.id, this.id);
    } catch (error) {
      this.error = describeError(error);
    }
    requestRender();
  }

  /** @private */
  async moreGames() {
    if (!this.gamesCursor) return;
    try {
      const page = await listPlayerGames(this.id, { limit: GAMES_PER_PAGE, cursor: this.gamesCursor });
      this.games.push(...page.games);
      this.gamesCursor = page.next_cursor ?? null;
    } catch (error) {
      this.error = describeError(error);
    }
    requestRender();
  }

  /** @returns {VNode} */
  view() {
    const profile = this.profile;
    if (this.error && !profile) return h("section.page.player", [h("h1", t("player.title")), h("p.error", this.error)]);
    if (!profile) return h("section.page.player", [h("p", t("common.loading"))]);
    const me = session.me;
    return h("section.page.player", { attrs: { "data-player": profile.id } }, [
      h("h1", [profile.name, profile.bot ? h("span.tag", t("game.bot")) : null]),
      h("p.lede", [
        t("player.since", { date: formatDay(profile.created_at) }),
        me && me.id !== profile.id
          ? [" · ", h("a", { attrs: { href: `/?opponent=${encodeURIComponent(profile.id)}` } }, t("player.challenge"))]
          : null,
      ].flat()),
      profile.bot
        ? h("p", { attrs: { "data-bot-level": String(profile.level ?? "") } }, t("player.botUnrated", { level: profile.level ?? "?" }))
        : h("div.rating-cards", PRESETS.map((preset) => this.ratingCard(preset))),
      profile.bots?.length ? this.botsView(profile.bots) : null,
      h("section.card", { attrs: { "aria-labelledby": "history-heading" } }, [
        h("h2#history-heading", t("player.history")),
        ratingChart(this.history),
        this.history.length ? this.historyTable() : null,
      ]),
      this.versus ? this.versusView(this.versus) : null,
      h("section.card", { attrs: { "aria-labelledby": "games-heading" } }, [
        h("h2#games-heading", t("player.games")),
        this.games.length ? h("ul.game-list", this.games.map((game) => this.gameRow(game))) : h("p", t("lobby.noGames")),
        this.gamesCursor ? h("button", { attrs: { type: "button" }, on: { click: () => this.moreGames() } }, t("player.more")) : null,
        this.downloadView(profile),
      ]),
    ]);
  }

  /** Links that download the player's finished games. @private @param {PlayerProfile} profile */
  downloadView(profile) {
    /** @param {"ndjson" | "text"} format @param {string} extension @param {string} label */
    const link = (format, extension, label) =>
      h("a.button", {
        attrs: {
          href: playerExportUrl(profile.id, format),
          download: `oanquan-${profile.id}-games.${extension}`,
          type: format === "ndjson" ? "application/x-ndjson" : "text/plain",
          "data-testid": "export-games",
          "data-format": format,
        },
      }, label);
    return h("div.export.player-export", { attrs: { role: "group", "aria-label": t("player.download") } }, [
      link("ndjson", "ndjson", t("player.downloadNdjson")),
      " ",
      link("text", "txt", t("player.downloadText")),
      h("p.hint", t("player.downloadNote")),
    ]);
  }

  /** @private @param {typeof PRESETS[number]} preset */
  ratingCard(preset) {
    const rating = /** @type {PlayerProfile} */ (this.profile).ratings[preset];
    const name = t(/** @type {any} */ (`preset.${preset}`));
    if (!rating) {
      return h("section.card.rating-card", { key: preset, attrs: { "data-preset": preset } }, [h("h2", name), h("p", t("player.unrated"))]);
    }
    return h("section.card.rating-card", { key: preset, attrs: { "data-preset": preset } }, [
      h("h2", [h("a", { attrs: { href: `/leaderboards/${preset}` } }, name)]),
      h("p.rating", [
        h("strong", formatNumber(rating.rating)),
        h("span.rd", ` ±${formatNumber(2 * rating.rd)}`),
        rating.provisional ? h("span.tag", t("leaderboard.provisional")) : null,
      ]),
      h("p", t("player.record", { games: rating.games, wins: rating.wins, draws: rating.draws, losses: rating.losses })),
      rating.streak ? h("p", tn(/** @type {any} */ (`player.streak.${rating.streak.kind}`), rating.streak.length)) : null,
    ]);
  }

  /** @private */
  historyTable() {
    return h("details", [
      h("summary", t("player.historyTable")),
      h("div.table-wrap", h("table", [
        h("thead", h("tr", [t("player.when"), t("create.preset"), t("player.opponent"), t("player.result"), t("leaderboard.rating")].map((label) => h("th", { attrs: { scope: "col" } }, label)))),
        h("tbody", [...this.history].reverse().map((change) =>
          h("tr", { key: `${change.game_id}-${change.preset}` }, [
            h("td", formatDate(change.rated_at)),
            h("td", t(/** @type {any} */ (`preset.${change.preset}`))),
            h("td", [change.opponent.name, change.opponent.bot ? h("span.tag", t("game.bot")) : null]),
            h("td", h("a", { attrs: { href: `/games/${encodeURIComponent(change.game_id)}` } }, t(/** @type {any} */ (`player.resultName.${change.result}`)))),
            h("td.num", `${formatNumber(change.rating_before)} → ${formatNumber(change.rating_after)}`),
          ]),
        )),
      ])),
    ]);
  }

  /** @private @param {PlayerProfile["bots"]} records the player's record against each bot (games against bots are unrated) */
  botsView(records) {
    return h("section.card", { attrs: { "aria-labelledby": "bots-heading" } }, [
      h("h2#bots-heading", t("player.versusBots")),
      h("ul.bot-records", records.map((record) => {
        const id = record.bot.id ?? "";
        return h("li", { key: id, attrs: { "data-bot-record": id } }, [
          h("a", { attrs: { href: `/players/${encodeURIComponent(id)}` } }, record.bot.name ?? ""),
          ` · ${t("player.record", { games: record.games, wins: record.wins, draws: record.draws, losses: record.losses })}`,
        ]);
      })),
    ]);
  }

  /** @private @param {VersusView} versus */
  versusView(versus) {
    const all = versus.all;
    return h("section.card", [
      h("h2", t("player.versusYou")),
      h("p", t("player.record", { games: all.games, wins: all.wins, draws: all.draws, losses: all.losses })),
    ]);
  }

  /** @private @param {GameView} game */
  gameRow(game) {
    const seat = game.players.south?.id === this.id ? "south" : "north";
    const opponent = game.players[seat === "south" ? "north" : "south"];
    const preset = game.rules.preset;
    return h("li.game-row", { key: game.id }, [
      h("a", { attrs: { href: `/games/${encodeURIComponent(game.id)}` } }, [
        h("span.row-title", t("lobby.versus", { name: playerName(opponent) })),
        h("span.row-meta", `${preset ? t(/** @type {any} */ (`preset.${preset}`)) : t("preset.custom")} · ${formatDate(game.finished_at ?? game.created_at)}`),
        h("span.row-turn", game.result || game.status !== "active" ? resultText(game) || t(/** @type {any} */ (`status.${game.status}`)) : t("status.active")),
      ]),
    ]);
  }
}
