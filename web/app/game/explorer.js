// The opening explorer beside a replay: for the position on the board, how
// many finished games reached it and how they ended, each move played from
// it with its games, results and mean score difference, and a few of the
// latest games. It follows the board: each new position shown is asked for
// (answers kept, a stale answer dropped). A move clicked is played on the
// board by the page (`onMove`).
//
// DOM contract: the panel is `data-testid="explorer"` with `data-position`
// (the notation asked for), `data-games` (the total) and `aria-busy`;
// `data-testid="explorer-total"` the totals; each move a row
// `data-testid="explorer-move"` with `data-explorer-move` (its notation),
// `data-games`, `data-south-wins`, `data-north-wins`, `data-draws`, and
// `data-next="true"` on the game's own next move; `data-testid="explorer-recent"`
// the recent games, each a link to its replay.

import { h, requestRender } from "../core/dom.js";
import { getExplorer } from "../core/endpoints.js";
import { formatNumber, t, tn } from "../core/i18n.js";
import { describeError } from "../core/notices.js";
import { parsePosition } from "../board/position.js";
import { playerName } from "./panels.js";

/** @typedef {import("../core/dom.js").VNode} VNode */
/** @typedef {import("../../types/models").GameView} GameView */
/** @typedef {import("../../types/models").RulesView} RulesView */
/** @typedef {import("../../types/models").RulesInput} RulesInput */
/** @typedef {import("../../types/models").ExplorerAnswer} ExplorerAnswer */
/** @typedef {import("../../types/models").ExplorerMove} ExplorerMove */
/** @typedef {import("../../types/models").ExplorerGame} ExplorerGame */

/** The clock classes the explorer tells apart (the server's `speed`). */
export const EXPLORER_SPEEDS = /** @type {const} */ (["unlimited", "correspondence", "bullet", "blitz", "rapid", "classical"]);
/** How many of the latest games are listed. */
const RECENT = 5;
/** A position is asked for once the board has stayed on it this long (stepping fast, autoplay). */
const SETTLE_MS = 120;

/**
 * The ruleset as the API takes it: the preset's name, or every parameter of a custom mix.
 * @param {RulesView} rules
 * @returns {RulesInput}
 */
export function rulesInput(rules) {
  if (rules.preset) return { preset: rules.preset };
  const { preset: _none, ...params } = rules;
  return params;
}

/**
 * Whether the game is over in `position`: both mandarin squares empty (no
 * mandarin, no stones). The server takes no such position, so none is asked.
 * @param {string} position
 */
export function gameOverIn(position) {
  const { stones, mandarin } = parsePosition(position);
  return [0, 6].every((square) => !mandarin[square] && stones[square] === 0);
}

/**
 * A share in per cent, whole.
 * @param {number} part @param {number} whole
 */
const percent = (part, whole) => (whole > 0 ? Math.round((100 * part) / whole) : 0);

export class ExplorerPanel {
  /**
   * @param {GameView} game the game replayed: its rules and start say which games are comparable
   * @param {(move: string) => void} onMove a move of the table clicked
   */
  constructor(game, onMove) {
    this.game = game;
    this.onMove = onMove;
    /** `""` (any), `"true"` (rated) or `"false"` (casual). */
    this.rated = "";
    /** `""` (any) or one of EXPLORER_SPEEDS. */
    this.speed = "";
    /** The position asked for, in notation. @type {string | null} */
    this.position = null;
    /** @type {ExplorerAnswer | null} */
    this.answer = null;
    this.loading = false;
    this.error = "";
    /** Whether the position asked for is one the game is over in. */
    this.over = false;
    /** Answers by query. @type {Map<string, ExplorerAnswer>} */
    this.cache = new Map();
    this.asked = 0;
  }

  /** The query for `position` with the filters chosen. @param {string} position */
  params(position) {
    const rules = this.game.rules;
    return {
      position,
      ...(rules.preset ? { preset: rules.preset } : { rules: JSON.stringify(rulesInput(rules)) }),
      ...(this.game.custom_start ? { custom_start: true } : {}),
      ...(this.rated ? { rated: this.rated } : {}),
      ...(this.speed ? { speed: this.speed } : {}),
      recent: RECENT,
    };
  }

  /**
   * Shows the games of `position` (RULES.md notation), asking the server
   * unless the answer is known.
   * @param {string} position
   */
  follow(position) {
    if (position === this.position) return;
    this.position = position;
    this.load();
  }

  /** @private */
  async load() {
    const position = this.position;
    if (position === null) return;
    const params = this.params(position);
    const key = JSON.stringify(params);
    const known = this.cache.get(key);
    const asked = ++this.asked;
    this.over = gameOverIn(position);
    if (this.over) {
      this.answer = null;
      this.loading = false;
      this.error = "";
      requestRender();
      return;
    }
    if (known) {
      this.answer = known;
      this.loading = false;
      this.error = "";
      requestRender();
      return;
    }
    this.loading = true;
    requestRender();
    await new Promise((done) => setTimeout(done, SETTLE_MS));
    if (asked !== this.asked) return;
    try {
      const answer = await getExplorer(params);
      this.cache.set(key, answer);
      if (asked !== this.asked) return;
      this.answer = answer;
      this.error = "";
    } catch (error) {
      if (asked !== this.asked) return;
      this.answer = null;
      this.error = describeError(error);
    }
    this.loading = false;
    requestRender();
  }

  /** @private @param {"rated" | "speed"} filter @param {string} value */
  setFilter(filter, value) {
    this[filter] = value;
    this.load();
  }

  /**
   * @param {string | null} nextMove the game's own move from this position, if the board is on the game's line
   * @returns {VNode}
   */
  view(nextMove) {
    // While the next answer is asked for, the last one stays (`aria-busy`).
    const answer = this.answer;
    return h(
      "section.card.explorer",
      {
        key: "explorer",
        attrs: {
          "data-testid": "explorer",
          "data-position": this.position ?? "",
          "data-games": answer ? String(answer.games) : "",
          "aria-busy": String(this.loading),
          "aria-labelledby": "explorer-heading",
        },
      },
      [
        h("h2#explorer-heading", t("explorer.heading")),
        this.filtersView(),
        this.error ? h("p.error", { attrs: { role: "alert" } }, this.error) : null,
        this.over
          ? h("p", { attrs: { "data-testid": "explorer-over" } }, t("explorer.over"))
          : answer
            ? this.answerView(answer, nextMove)
            : this.error
              ? null
              : h("p", t("common.loading")),
      ],
    );
  }

  /** @private */
  filtersView() {
    /**
     * @param {"rated" | "speed"} filter
     * @param {string} label
     * @param {[string, string][]} options
     */
    const select = (filter, label, options) =>
      h("label", [
        label,
        " ",
        h(
          "select",
          {
            attrs: { name: `explorer-${filter}`, "data-testid": `explorer-${filter}` },
            props: { value: this[filter] },
            on: { change: (/** @type {Event} */ event) => this.setFilter(filter, /** @type {HTMLSelectElement} */ (event.target).value) },
          },
          options.map(([value, text]) => h("option", { attrs: { value }, props: { selected: this[filter] === value } }, text)),
        ),
      ]);
    return h("div.explorer-filters", [
      select("rated", t("explorer.games"), [
        ["", t("explorer.allGames")],
        ["true", t("explorer.rated")],
        ["false", t("explorer.casual")],
      ]),
      " ",
      select("speed", t("explorer.speed"), [
        ["", t("explorer.anySpeed")],
        ...EXPLORER_SPEEDS.map((speed) => /** @type {[string, string]} */ ([speed, t(/** @type {any} */ (`explorer.speed.${speed}`))])),
      ]),
    ]);
  }

  /** @private @param {ExplorerAnswer} answer @param {string | null} nextMove */
  answerView(answer, nextMove) {
    return h("div.explorer-answer", [
      h(
        "p.explorer-total",
        { attrs: { "data-testid": "explorer-total", "data-games": String(answer.games) } },
        answer.games === 0
          ? t("explorer.none")
          : [tn("explorer.total", answer.games), " ", resultBar(answer)],
      ),
      answer.moves.length ? this.movesTable(answer.moves, nextMove) : null,
      answer.games ? h("p.hint", t("explorer.resultsHint")) : null,
      answer.recent_games.length ? recentView(answer.recent_games) : null,
    ]);
  }

  /** @private @param {ExplorerMove[]} moves @param {string | null} nextMove */
  movesTable(moves, nextMove) {
    return h("div.table-wrap", h("table.explorer-moves", [
      h("caption.sr-only", `${t("explorer.movesCaption")}. ${t("explorer.resultsHint")}.`),
      h("thead", h("tr", [
        [t("explorer.move"), ""],
        [t("explorer.gamesColumn"), ""],
        [t("explorer.results"), t("explorer.resultsHint")],
        [t("explorer.scoreDifference"), t("explorer.scoreDifferenceHint")],
      ].map(([label, hint]) => h("th", { attrs: { scope: "col", ...(hint ? { title: hint } : {}) } }, label)))),
      h("tbody", moves.map((move) =>
        h(
          "tr",
          {
            key: move.move,
            class: { next: move.move === nextMove },
            attrs: {
              "data-testid": "explorer-move",
              "data-explorer-move": move.move,
              "data-games": String(move.games),
              "data-south-wins": String(move.south_wins),
              "data-north-wins": String(move.north_wins),
              "data-draws": String(move.draws),
              "data-next": String(move.move === nextMove),
            },
          },
          [
            h("th", { attrs: { scope: "row" } }, h(
              "button.explorer-play",
              {
                attrs: { type: "button", title: t("explorer.play", { move: move.move }), "aria-label": t("explorer.play", { move: move.move }) },
                on: { click: () => this.onMove(move.move) },
              },
              move.move,
            )),
            h("td.num", formatNumber(move.games)),
            h("td", resultBar(move)),
            h("td.num", signed(move.average_score_difference)),
          ],
        ),
      )),
    ]));
  }
}

/** @param {number} value */
function signed(value) {
  const text = formatNumber(value, 1);
  return value > 0 ? `+${text}` : text;
}

/**
 * South's wins, draws and North's wins as a bar of three, with the shares written.
 * @param {{ games: number, south_wins: number, north_wins: number, draws: number }} counts
 */
function resultBar(counts) {
  const south = percent(counts.south_wins, counts.games);
  const north = percent(counts.north_wins, counts.games);
  const draws = counts.games > 0 ? Math.max(0, 100 - south - north) : 0;
  const label = t("explorer.shares", { south, draws, north });
  return h("span.result-bar", { attrs: { role: "img", "aria-label": label, title: label } }, [
    h("span.south", { style: { width: `${south}%` } }, south >= 15 ? `${south}%` : ""),
    h("span.draws", { style: { width: `${draws}%` } }, draws >= 15 ? `${draws}%` : ""),
    h("span.north", { style: { width: `${north}%` } }, north >= 15 ? `${north}%` : ""),
  ]);
}

/** @param {ExplorerGame[]} games */
function recentView(games) {
  return h("div.explorer-recent", [
    h("h3", t("explorer.recent")),
    h("ul", { attrs: { "data-testid": "explorer-recent" } }, games.map((game) => {
      const result = game.result;
      const outcome = result.winner === "draw"
        ? t("explorer.drawn")
        : t("explorer.won", { player: playerName(game.players[result.winner]) });
      return h("li", { key: game.id, attrs: { "data-game": game.id } }, [
        h("a", { attrs: { href: `/games/${encodeURIComponent(game.id)}` } }, `${playerName(game.players.south)} – ${playerName(game.players.north)}`),
        ` · ${outcome} (${result.scores.south} – ${result.scores.north})`,
      ]);
    })),
  ]);
}
