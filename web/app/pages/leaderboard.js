// A preset's leaderboard, paged by cursor, with the viewer's own place
// ("around me"). The query string holds the view, so every page of it
// has a link: `?cursor=`, `?around=<player>`, `?provisional=1`.

import { h, requestRender } from "../core/dom.js";
import { getLeaderboard, getLeaderboardAround, getPlayer } from "../core/endpoints.js";
import { formatNumber, t } from "../core/i18n.js";
import { describeError } from "../core/notices.js";
import { navigate } from "../core/router.js";
import { restoreSession, session } from "../core/session.js";

/** @typedef {import("../core/dom.js").VNode} VNode */
/** @typedef {import("../core/router.js").Route} Route */
/** @typedef {import("../../types/models").LeaderboardPage} LeaderboardPage */
/** @typedef {import("../../types/models").PresetName} PresetName */

export const PRESETS = /** @type {const} */ (["classic", "village", "online"]);
const PAGE_SIZE = 50;

export class LeaderboardPageView {
  /** @param {Route} route */
  constructor(route) {
    this.preset = route.params[0];
    this.cursor = route.query.get("cursor");
    this.around = route.query.get("around");
    this.provisional = route.query.get("provisional") === "1";
    /** @type {LeaderboardPage | null} */
    this.page = null;
    this.error = "";
    /** Whether the viewer is on this board with these filters. */
    this.viewerListed = false;
    this.load();
  }

  title() {
    return t("leaderboard.title", { preset: this.presetLabel() });
  }

  /** @private */
  presetLabel() {
    return /** @type {readonly string[]} */ (PRESETS).includes(this.preset) ? t(/** @type {any} */ (`preset.${this.preset}`)) : this.preset;
  }

  /** @private */
  async load() {
    if (!(/** @type {readonly string[]} */ (PRESETS).includes(this.preset))) {
      this.error = t("leaderboard.unknown", { preset: this.preset });
      requestRender();
      return;
    }
    try {
      const filters = { include_provisional: this.provisional || undefined, limit: PAGE_SIZE };
      this.page = this.around
        ? await getLeaderboardAround(this.preset, this.around, filters)
        : await getLeaderboard(this.preset, { ...filters, cursor: this.cursor });
      await restoreSession();
      const me = session.me;
      if (me) {
        // Asking "around me" for a player not on the board is a 404; the
        // profile says beforehand whether they are.
        const rating = (await getPlayer(me.id)).ratings[/** @type {PresetName} */ (this.preset)];
        this.viewerListed = Boolean(rating && (this.provisional || !rating.provisional));
      }
    } catch (error) {
      this.error = describeError(error);
    }
    requestRender();
  }

  /** @private @param {Record<string, string | null>} changes */
  go(changes) {
    const params = new URLSearchParams();
    const next = { cursor: this.cursor, around: this.around, provisional: this.provisional ? "1" : null, ...changes };
    for (const [key, value] of Object.entries(next)) if (value) params.set(key, value);
    const search = params.toString();
    navigate(`/leaderboards/${this.preset}${search ? `?${search}` : ""}`, { replace: true });
  }

  /** @returns {VNode} */
  view() {
    const me = session.me;
    const page = this.page;
    return h("section.page.leaderboard", [
      h("h1", this.title()),
      h("nav.tabs", { attrs: { "aria-label": t("leaderboard.presets") } },
        PRESETS.map((preset) =>
          h("a.tab", {
            attrs: { href: `/leaderboards/${preset}`, "aria-current": preset === this.preset ? "page" : "false" },
          }, t(/** @type {any} */ (`preset.${preset}`))),
        ),
      ),
      h("div.filters", [
        h("label.check", [
          h("input", {
            attrs: { type: "checkbox", name: "provisional" },
            props: { checked: this.provisional },
            on: { change: (/** @type {Event} */ e) => this.go({ provisional: /** @type {HTMLInputElement} */ (e.target).checked ? "1" : null, cursor: null }) },
          }),
          " ",
          t("leaderboard.includeProvisional"),
        ]),
        me && this.viewerListed
          ? h("button", { attrs: { type: "button", "data-around-me": "true" }, on: { click: () => this.go({ around: me.id, cursor: null }) } }, t("leaderboard.aroundMe"))
          : null,
        this.around || this.cursor ? h("button", { attrs: { type: "button" }, on: { click: () => this.go({ around: null, cursor: null }) } }, t("leaderboard.top")) : null,
      ]),
      this.error ? h("p.error", this.error) : !page ? h("p", t("common.loading")) : this.table(page),
    ]);
  }

  /** @private @param {LeaderboardPage} page */
  table(page) {
    const me = session.me;
    if (!page.entries.length) return h("p", this.provisional ? t("leaderboard.empty") : t("leaderboard.emptyEstablished"));
    return h("div", [
      h("div.table-wrap", [
        h("table.ranking", [
          h("caption.sr-only", this.title()),
          h("thead", h("tr", [
            h("th", { attrs: { scope: "col" } }, t("leaderboard.rank")),
            h("th", { attrs: { scope: "col" } }, t("leaderboard.player")),
            h("th.num", { attrs: { scope: "col" } }, t("leaderboard.rating")),
            h("th.num.wide", { attrs: { scope: "col" } }, t("leaderboard.games")),
            h("th.num", { attrs: { scope: "col" } }, t("leaderboard.record")),
          ])),
          h("tbody", page.entries.map((entry) => {
            const mine = entry.player.id === me?.id;
            return h("tr", { key: entry.player.id ?? entry.rank, class: { me: mine }, attrs: { "aria-current": mine ? "true" : "false", "data-player": entry.player.id ?? "" } }, [
              h("td", String(entry.rank)),
              h("td", [
                h("a", { attrs: { href: `/players/${encodeURIComponent(entry.player.id ?? "")}` } }, entry.player.name),
                entry.player.bot ? h("span.tag", t("game.bot")) : null,
                entry.provisional ? h("span.tag", { attrs: { title: t("leaderboard.provisionalHint") } }, t("leaderboard.provisional")) : null,
              ]),
              h("td.num", [formatNumber(entry.rating), h("span.rd", ` ±${formatNumber(2 * entry.rd)}`)]),
              h("td.num.wide", String(entry.games)),
              h("td.num", `${entry.wins}/${entry.draws}/${entry.losses}`),
            ]);
          })),
        ]),
      ]),
      h("div.pager", [
        h("button", { attrs: { type: "button", disabled: !page.prev_cursor }, on: { click: () => this.go({ cursor: page.prev_cursor ?? null, around: null }) } }, t("leaderboard.previous")),
        h("button", { attrs: { type: "button", disabled: !page.next_cursor }, on: { click: () => this.go({ cursor: page.next_cursor ?? null, around: null }) } }, t("leaderboard.next")),
      ]),
    ]);
  }
}
