// The tournaments: their list (by status, a page at a time, with a form to
// create one) and a tournament's page — its standings and pairings kept
// current from its stream, joining and withdrawing, and a link to the
// viewer's game in progress in it.

import { h, requestRender } from "../core/dom.js";
import { createTournament, listTournaments, tournamentAction } from "../core/endpoints.js";
import { formatDate, formatNumber, t } from "../core/i18n.js";
import { describeError } from "../core/notices.js";
import { navigate } from "../core/router.js";
import { restoreSession, session } from "../core/session.js";
import { openTournamentFeed } from "../live/tournament-feed.js";
import { PRESETS } from "./leaderboard.js";

/** @typedef {import("../core/dom.js").VNode} VNode */
/** @typedef {import("../core/router.js").Route} Route */
/** @typedef {import("../../types/models").TournamentView} TournamentView */
/** @typedef {import("../../types/models").TournamentSummary} TournamentSummary */
/** @typedef {import("../../types/models").PairingView} PairingView */
/** @typedef {import("../../types/models").NewTournament} NewTournament */
/** @typedef {import("../../types/models").PresetName} PresetName */

const PER_PAGE = 20;
const STATUSES = /** @type {const} */ (["registering", "running", "finished"]);
const FORMATS = /** @type {const} */ (["round_robin", "swiss"]);

/** The clocks offered for a tournament's games. */
const CLOCKS = /** @type {const} */ ({
  "3+2": { initial_s: 180, increment_s: 2 },
  "5+3": { initial_s: 300, increment_s: 3 },
  "10+5": { initial_s: 600, increment_s: 5 },
  "15+10": { initial_s: 900, increment_s: 10 },
});

/** @param {string} status */
const statusText = (status) => t(/** @type {any} */ (`tournament.status.${status}`));

/** @param {string} format */
const formatText = (format) => t(/** @type {any} */ (`tournament.format.${format}`));

/** @param {{ initial_s: number, increment_s: number }} clock */
const clockText = (clock) => t("tournament.clock", { minutes: formatNumber(clock.initial_s / 60, clock.initial_s % 60 ? 1 : 0), seconds: clock.increment_s });

/** @param {number | null | undefined} points */
const pointsText = (points) => (points === null || points === undefined ? "" : formatNumber(points, points % 1 ? 1 : 0));

export class TournamentsPage {
  /** @param {Route} route */
  constructor(route) {
    const asked = route.query.get("status");
    /** @type {string} */
    this.status = asked && /** @type {readonly string[]} */ (STATUSES).includes(asked) ? asked : "";
    /** @type {TournamentSummary[]} */
    this.tournaments = [];
    /** @type {string | null} */
    this.cursor = null;
    this.loaded = false;
    this.error = "";
    this.formError = "";
    this.busy = false;
    this.format = "round_robin";
    this.load(null);
    restoreSession();
  }

  title() {
    return t("tournaments.title");
  }

  /** @private @param {string | null} cursor */
  async load(cursor) {
    try {
      const page = await listTournaments({ status: this.status || undefined, cursor, limit: PER_PAGE });
      this.tournaments = cursor ? [...this.tournaments, ...page.tournaments] : page.tournaments;
      this.cursor = page.next_cursor ?? null;
      this.error = "";
    } catch (error) {
      this.error = describeError(error);
    }
    this.loaded = true;
    requestRender();
  }

  /** @private @param {string} status */
  show(status) {
    navigate(status ? `/tournaments?status=${status}` : "/tournaments");
  }

  /** @private @param {SubmitEvent} event */
  async create(event) {
    event.preventDefault();
    const form = new FormData(/** @type {HTMLFormElement} */ (event.target));
    const format = String(form.get("format"));
    const clock = CLOCKS[/** @type {keyof typeof CLOCKS} */ (String(form.get("clock")))] ?? CLOCKS["5+3"];
    /** @type {NewTournament} */
    const body = {
      name: String(form.get("name") ?? "").trim(),
      format,
      rules: { preset: /** @type {PresetName} */ (String(form.get("preset"))) },
      clock,
    };
    if (format === "swiss") body.rounds = Number(form.get("rounds") ?? 3);
    this.busy = true;
    this.formError = "";
    requestRender();
    try {
      const created = await createTournament(body);
      navigate(`/tournaments/${encodeURIComponent(created.id)}`);
    } catch (error) {
      this.formError = describeError(error);
    } finally {
      this.busy = false;
      requestRender();
    }
  }

  /** @returns {VNode} */
  view() {
    return h("section.page.tournaments", { attrs: { "data-tournaments": this.status || "all" } }, [
      h("h1", t("tournaments.title")),
      h("p.lede", t("tournaments.lede")),
      h("div.filters", { attrs: { role: "group", "aria-label": t("tournaments.filter") } },
        [["", t("tournaments.all")], ...STATUSES.map((s) => [s, statusText(s)])].map(([value, label]) =>
          h("button", {
            key: value || "all",
            attrs: { type: "button", "aria-pressed": String(this.status === value), "data-filter": value || "all" },
            on: { click: () => this.show(value) },
          }, label),
        ),
      ),
      this.error ? h("p.error", { attrs: { role: "alert" } }, this.error) : null,
      !this.loaded
        ? h("p", t("common.loading"))
        : this.tournaments.length
          ? h("ul.game-list", { attrs: { "data-tournament-list": "true" } }, this.tournaments.map((tournament) => this.row(tournament)))
          : h("p", { attrs: { "data-tournament-list": "empty" } }, t("tournaments.empty")),
      this.cursor ? h("button", { attrs: { type: "button", "data-more": "true" }, on: { click: () => this.load(this.cursor) } }, t("tournaments.more")) : null,
      this.createView(),
    ]);
  }

  /** @private @param {TournamentSummary} tournament */
  row(tournament) {
    const progress = tournament.status === "registering"
      ? t("tournaments.players", { n: tournament.player_count, max: tournament.max_players })
      : tournament.rounds
        ? t("tournaments.roundOf", { round: tournament.round, rounds: tournament.rounds })
        : "";
    return h("li.game-row", { key: tournament.id, attrs: { "data-tournament-row": tournament.id, "data-status": tournament.status } }, [
      h("a", { attrs: { href: `/tournaments/${encodeURIComponent(tournament.id)}` } }, [
        h("span.row-title", tournament.name),
        h("span.row-meta", `${formatText(tournament.format)} · ${formatDate(tournament.starts_at ?? tournament.created_at)}`),
        h("span.row-turn", [statusText(tournament.status), progress ? ` · ${progress}` : ""].join("")),
      ]),
    ]);
  }

  /** @private */
  createView() {
    if (!session.me) return h("section.card", [h("h2", t("tournament.create")), h("p", t("create.signInFirst"))]);
    const swiss = this.format === "swiss";
    return h("section.card", { attrs: { "aria-labelledby": "new-tournament" } }, [
      h("h2#new-tournament", t("tournament.create")),
      h("form.create-tournament", { attrs: { "data-form": "tournament" }, on: { submit: (/** @type {SubmitEvent} */ e) => this.create(e) } }, [
        h("label.field", [h("span", t("tournament.name")), h("input", { attrs: { name: "name", required: true, maxlength: 64 } })]),
        h("label.field", [
          h("span", t("tournament.format")),
          h("select", { attrs: { name: "format" }, on: { change: (/** @type {Event} */ e) => { this.format = /** @type {HTMLSelectElement} */ (e.target).value; requestRender(); } } },
            FORMATS.map((f) => h("option", { attrs: { value: f }, props: { selected: f === this.format } }, formatText(f)))),
        ]),
        h("label.field", [
          h("span", t("create.preset")),
          h("select", { attrs: { name: "preset" } }, PRESETS.map((p) => h("option", { attrs: { value: p } }, t(/** @type {any} */ (`preset.${p}`))))),
        ]),
        h("label.field", [
          h("span", t("create.clock")),
          h("select", { attrs: { name: "clock" } }, Object.keys(CLOCKS).map((c) => h("option", { attrs: { value: c }, props: { selected: c === "5+3" } }, c))),
        ]),
        swiss
          ? h("label.field", [h("span", t("tournament.rounds")), h("input", { attrs: { name: "rounds", type: "number", min: 1, max: 15, value: 3, required: true } })])
          : null,
        h("button.primary", { attrs: { type: "submit", disabled: this.busy } }, t("tournament.submit")),
        this.formError ? h("p.error", { attrs: { role: "alert" } }, this.formError) : null,
      ]),
    ]);
  }
}

export class TournamentPage {
  /** @param {Route} route */
  constructor(route) {
    this.id = route.params[0];
    /** @type {TournamentView | null} */
    this.tournament = null;
    /** @type {"stream" | "poll"} */
    this.feedKind = "poll";
    this.error = "";
    this.busy = false;
    this.feed = openTournamentFeed(this.id, {
      onTournament: (tournament, kind) => {
        this.tournament = tournament;
        this.feedKind = kind;
        this.error = "";
        requestRender();
      },
      onError: (error) => {
        this.error = describeError(error);
        requestRender();
      },
    });
    restoreSession();
  }

  title() {
    return this.tournament?.name ?? t("tournament.title");
  }

  destroy() {
    this.feed.close();
  }

  /** @private @param {"join" | "withdraw" | "start"} action */
  async act(action) {
    this.busy = true;
    requestRender();
    try {
      this.feed.replace(await tournamentAction(this.id, action));
      this.error = "";
    } catch (error) {
      this.error = describeError(error);
    } finally {
      this.busy = false;
      requestRender();
    }
  }

  /** The viewer's game under way in it, if any. @private @param {TournamentView} tournament */
  nextGame(tournament) {
    const me = session.me;
    if (!me || tournament.status !== "running") return null;
    return tournament.pairings.find((p) => p.game_id && p.south_points === null && (p.south.id === me.id || p.north?.id === me.id)) ?? null;
  }

  /** @returns {VNode} */
  view() {
    const tournament = this.tournament;
    if (!tournament) {
      return h("section.page.tournament", [
        h("h1", t("tournament.title")),
        this.error ? h("p.error", { attrs: { role: "alert" } }, this.error) : h("p", t("common.loading")),
      ]);
    }
    const next = this.nextGame(tournament);
    return h("section.page.tournament", {
      attrs: { "data-tournament": tournament.id, "data-status": tournament.status, "data-round": String(tournament.round), "data-feed": this.feedKind },
    }, [
      h("h1", tournament.name),
      h("p.lede", [
        statusText(tournament.status),
        formatText(tournament.format),
        t(/** @type {any} */ (`preset.${tournament.rules.preset ?? "classic"}`)),
        clockText(tournament.clock),
        tournament.rounds ? t("tournaments.roundOf", { round: tournament.round, rounds: tournament.rounds }) : null,
      ].filter(Boolean).join(" · ")),
      this.error ? h("p.error", { attrs: { role: "alert" } }, this.error) : null,
      next && next.game_id
        ? h("p.next-game", h("a.primary", { attrs: { href: `/games/${encodeURIComponent(next.game_id)}`, "data-next-game": next.game_id } }, t("tournament.nextGame")))
        : null,
      this.actions(tournament),
      this.standingsView(tournament),
      tournament.status === "registering" ? this.playersView(tournament) : null,
      this.pairingsView(tournament),
    ]);
  }

  /** @private @param {TournamentView} tournament */
  actions(tournament) {
    const me = session.me;
    if (!me) {
      return tournament.status === "registering" ? h("p", h("a", { attrs: { href: "/" } }, t("tournament.signInToJoin"))) : null;
    }
    const entrant = tournament.players.find((p) => p.id === me.id);
    /** @type {VNode[]} */
    const buttons = [];
    /** @param {"join" | "withdraw" | "start"} action @param {string} label */
    const button = (action, label) =>
      h("button", { key: action, attrs: { type: "button", "data-action": action, disabled: this.busy }, on: { click: () => this.act(action) } }, label);
    if (tournament.status === "registering" && !entrant) buttons.push(button("join", t("tournament.join")));
    if (entrant && !entrant.withdrawn && (tournament.status === "registering" || tournament.status === "running")) {
      buttons.push(button("withdraw", t("tournament.withdraw")));
    }
    if (tournament.status === "registering" && tournament.created_by === me.id) buttons.push(button("start", t("tournament.start")));
    return buttons.length ? h("p.actions", buttons) : null;
  }

  /** @private @param {TournamentView} tournament */
  standingsView(tournament) {
    if (tournament.status === "registering") return null;
    const me = session.me;
    const headings = [
      t("tournament.rank"),
      t("tournament.player"),
      t("tournament.points"),
      t("tournament.games"),
      t("tournament.buchholz"),
      t("tournament.sonnebornBerger"),
      t("tournament.directEncounter"),
    ];
    return h("section.card", { attrs: { "aria-labelledby": "standings-heading" } }, [
      h("h2#standings-heading", t("tournament.standings")),
      h("div.table-wrap", h("table", { attrs: { "data-standings": "true" } }, [
        h("thead", h("tr", headings.map((label) => h("th", { attrs: { scope: "col" } }, label)))),
        h("tbody", tournament.standings.map((line) => {
          const mine = me?.id === line.player.id;
          return h("tr", {
            key: line.player.id,
            class: { me: mine },
            attrs: { "data-standing": line.player.id, "data-rank": String(line.rank), "data-points": String(line.points), "data-games": String(line.games) },
          }, [
            h("td.num", String(line.rank)),
            h("td", h("a", { attrs: { href: `/players/${encodeURIComponent(line.player.id)}` } }, line.player.name)),
            h("td.num", pointsText(line.points)),
            h("td.num", String(line.games)),
            h("td.num", pointsText(line.tiebreaks.buchholz)),
            h("td.num", formatNumber(line.tiebreaks.sonneborn_berger, line.tiebreaks.sonneborn_berger % 1 ? 2 : 0)),
            h("td.num", pointsText(line.tiebreaks.direct_encounter)),
          ]);
        })),
      ])),
    ]);
  }

  /** @private @param {TournamentView} tournament */
  playersView(tournament) {
    return h("section.card", { attrs: { "aria-labelledby": "players-heading" } }, [
      h("h2#players-heading", t("tournament.entrants")),
      tournament.players.length
        ? h("ol", { attrs: { "data-entrants": "true" } }, tournament.players.map((player) =>
          h("li", { key: player.id, attrs: { "data-entrant": player.id } }, [
            h("a", { attrs: { href: `/players/${encodeURIComponent(player.id)}` } }, player.name),
            player.bot ? h("span.tag", t("game.bot")) : null,
          ])))
        : h("p", t("tournament.noEntrants")),
    ]);
  }

  /** @private @param {TournamentView} tournament */
  pairingsView(tournament) {
    if (!tournament.pairings.length) return null;
    /** @type {Map<number, PairingView[]>} */
    const rounds = new Map();
    for (const pairing of tournament.pairings) {
      const boards = rounds.get(pairing.round) ?? [];
      boards.push(pairing);
      rounds.set(pairing.round, boards);
    }
    const latest = [...rounds.keys()].sort((a, b) => b - a);
    return h("section.card", { attrs: { "aria-labelledby": "pairings-heading" } }, [
      h("h2#pairings-heading", t("tournament.pairings")),
      ...latest.map((round) =>
        h("section.round", { key: round, attrs: { "data-pairings-round": String(round) } }, [
          h("h3", t("tournament.round", { n: round })),
          h("ul.game-list", (rounds.get(round) ?? []).map((pairing) => this.boardView(pairing))),
        ]),
      ),
    ]);
  }

  /** @private @param {PairingView} pairing */
  boardView(pairing) {
    const decided = pairing.south_points !== null;
    const result = decided ? `${pointsText(pairing.south_points)}–${pointsText(pairing.north_points)}` : t("tournament.playing");
    const players = pairing.north ? `${pairing.south.name} – ${pairing.north.name}` : pairing.south.name;
    const attrs = {
      "data-pairing": `${pairing.round}-${pairing.board}`,
      "data-game": pairing.game_id ?? "",
      "data-result": decided ? `${pairing.south_points}-${pairing.north_points}` : "",
    };
    if (!pairing.game_id) {
      const why = pairing.north ? t("tournament.forfeit") : t("tournament.bye");
      return h("li.game-row", { key: pairing.board, attrs }, [h("span.row-title", players), h("span.row-turn", `${why} · ${result}`)]);
    }
    return h("li.game-row", { key: pairing.board, attrs }, [
      h("a", { attrs: { href: `/games/${encodeURIComponent(pairing.game_id)}` } }, [
        h("span.row-title", players),
        h("span.row-turn", result),
      ]),
    ]);
  }
}
