// The frame around every page: the site's header and navigation, the
// language switch, and the live regions.

import { h } from "./dom.js";
import { LANGUAGES, language, setLanguage, t } from "./i18n.js";
import { clearError, notices } from "./notices.js";
import { session } from "./session.js";

/** @typedef {import("./dom.js").VNode} VNode */
/** @typedef {import("./router.js").PageName} PageName */
/** @typedef {import("./i18n.js").Language} Language */

/**
 * @param {PageName} pageName
 * @param {VNode} content
 * @returns {VNode}
 */
export function layout(pageName, content) {
  const me = session.me;
  /** @param {string} href @param {string} label @param {boolean} current */
  const link = (href, label, current) =>
    h("a.nav-link", { attrs: { href, "aria-current": current ? "page" : "false" } }, label);
  const other = /** @type {Language} */ (language() === "vi" ? "en" : "vi");
  return h("div#app", [
    h("a.skip-link", { attrs: { href: "#main" } }, t("nav.skip")),
    h("header.site-header", [
      h("a.brand", { attrs: { href: "/" } }, "Ô Ăn Quan"),
      h("nav.site-nav", { attrs: { "aria-label": t("nav.label") } }, [
        link("/", t("nav.lobby"), pageName === "lobby"),
        link("/leaderboards/classic", t("nav.leaderboards"), pageName === "leaderboard"),
        link("/how-to-play", t("nav.howTo"), pageName === "howto"),
      ]),
      h("div.header-end", [
        me ? h("a.me", { attrs: { href: `/players/${encodeURIComponent(me.id)}` } }, me.name) : null,
        h(
          "button.language",
          {
            attrs: { type: "button", lang: other, "data-language": other, "aria-label": t("nav.switchLanguage", { language: LANGUAGES[other].name }) },
            on: { click: () => setLanguage(other) },
          },
          LANGUAGES[other].name,
        ),
      ]),
    ]),
    notices.error
      ? h("div.error-banner", { attrs: { role: "alert" } }, [
          h("span", notices.error),
          h("button.link", { attrs: { type: "button", "aria-label": t("common.dismiss") }, on: { click: clearError } }, "×"),
        ])
      : h("div.error-banner.empty", { attrs: { role: "alert" } }),
    h("main#main", { attrs: { tabindex: "-1" } }, [content]),
    h("footer.site-footer", [
      h("a", { attrs: { href: "/docs/" } }, t("nav.api")),
      " · ",
      h("a", { attrs: { href: "/how-to-play" } }, t("nav.howTo")),
    ]),
    h("div.sr-only#announcer", { attrs: { "aria-live": "polite", "aria-atomic": "true" } }, notices.announcement),
  ]);
}
