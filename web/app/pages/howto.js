// How to play, with the rules of one preset (`?preset=`), after the
// project's rules (docs/RULES.md), in every language of the page.

import { boardView } from "../board/view.js";
import { parsePosition } from "../board/position.js";
import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { PRESETS } from "./leaderboard.js";

/** @typedef {import("../core/dom.js").VNode} VNode */
/** @typedef {import("../core/router.js").Route} Route */
/** @typedef {import("../core/i18n.js").MessageKey} MessageKey */

const STARTS = {
  classic: "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1",
  village: "M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1",
  online: "10,5,5,5,5,5,10,5,5,5,5,5 s 0:0 0:0 1",
};

/** @type {MessageKey[]} */
const COMMON_RULES = ["howto.turn", "howto.sow", "howto.relay", "howto.stop", "howto.capture", "howto.chain", "howto.refill", "howto.end"];

export class HowToPage {
  /** @param {Route} route */
  constructor(route) {
    const asked = route.query.get("preset");
    /** @type {typeof PRESETS[number]} */
    this.preset = PRESETS.find((p) => p === asked) ?? "classic";
  }

  title() {
    return t("howto.title");
  }

  /** @returns {VNode} */
  view() {
    const preset = this.preset;
    const start = parsePosition(STARTS[preset]);
    return h("section.page.howto", [
      h("h1", t("howto.title")),
      h("nav.tabs", { attrs: { "aria-label": t("leaderboard.presets") } },
        PRESETS.map((p) => h("a.tab", { attrs: { href: `/how-to-play?preset=${p}`, "aria-current": p === preset ? "page" : "false" } }, t(/** @type {MessageKey} */ (`preset.${p}`)))),
      ),
      h("p.lede", t("howto.intro")),
      h("section.card", [
        h("h2", t("howto.boardHeading")),
        h("p", t("howto.board")),
        h("div.howto-board", boardView({ display: start, settled: start, bottom: "south", focus: [], hand: 0, lastMove: null, controls: null, label: t("howto.startLabel") })),
        h("p", t(/** @type {MessageKey} */ (`howto.setup.${preset}`))),
      ]),
      h("section.card", [
        h("h2", t("howto.rulesHeading")),
        h("ol.rules", [
          ...COMMON_RULES.map((key) => h("li", t(key))),
          // The online preset has no mandarin stones: its mandarin squares hold small ones.
          h("li", preset === "online" ? t("howto.score.online") : t("howto.score", { value: 10 })),
        ]),
      ]),
      h("section.card", [
        h("h2", t("howto.presetHeading", { preset: t(/** @type {MessageKey} */ (`preset.${preset}`)) })),
        h("p", t(/** @type {MessageKey} */ (`howto.preset.${preset}`))),
        h("p", t("howto.more")),
      ]),
      h("section.card", [
        h("h2", t("howto.pageHeading")),
        h("p", t("howto.page")),
      ]),
    ]);
  }
}
