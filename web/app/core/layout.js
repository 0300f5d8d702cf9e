// The frame around every page: the site's header and navigation, the
// language menu, the connection's state, and the live regions.

import { connection } from "./connection.js";
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
  const current = language();
  const languages = /** @type {Language[]} */ (Object.keys(LANGUAGES));
  return h("div#app", [
    h("a.skip-link", { attrs: { href: "#main" } }, t("nav.skip")),
    h("header.site-header", [
      h("a.brand", { attrs: { href: "/" } }, "Ô Ăn Quan"),
      h("nav.site-nav", { attrs: { "aria-label": t("nav.label") } }, [
        link("/", t("nav.lobby"), pageName === "lobby"),
        link("/leaderboards/classic", t("nav.leaderboards"), pageName === "leaderboard"),
        link("/tournaments", t("nav.tournaments"), pageName === "tournaments" || pageName === "tournament"),
        link("/how-to-play", t("nav.howTo"), pageName === "howto"),
      ]),
      h("div.header-end", [
        me ? h("a.me", { attrs: { href: `/players/${encodeURIComponent(me.id)}` } }, me.name) : null,
        h(
          "div.languages",
          { attrs: { role: "group", "aria-label": t("nav.language") } },
          languages.map((code) =>
            h(
              "button.language",
              {
                key: code,
                class: { current: code === current },
                attrs: {
                  type: "button",
                  lang: code,
                  "data-language": code,
                  "aria-pressed": String(code === current),
                  title: LANGUAGES[code].name,
                },
                on: { click: () => setLanguage(code) },
              },
              // The code is what shows; the name is read too (and is what the button is called).
              [code.toUpperCase(), h("span.sr-only", ` ${LANGUAGES[code].name}`)],
            ),
          ),
        ),
      ]),
    ]),
    connection.state === "online"
      ? h("div.connection.empty", { attrs: { role: "status", "data-connection": "online" } })
      : h(
          `div.connection.${connection.state}`,
          { attrs: { role: "status", "data-connection": connection.state } },
          connection.state === "reconnecting" ? t("connection.lost") : t("connection.back"),
        ),
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
    h("div#announcer.sr-only", { attrs: { "aria-live": "polite", "aria-atomic": "true" } }, notices.announcement),
  ]);
}
