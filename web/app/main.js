// The page's entry point: routes each path to its page and renders it.

import { h, mount, requestRender } from "./core/dom.js";
import { applyToDocument, onLanguageChange, t } from "./core/i18n.js";
import { layout } from "./core/layout.js";
import { navigate, startRouter } from "./core/router.js";
import { restoreSession } from "./core/session.js";
import { GamePage } from "./game/page.js";
import { HowToPage } from "./pages/howto.js";
import { LeaderboardPageView } from "./pages/leaderboard.js";
import { LobbyPage } from "./pages/lobby.js";
import { PlayerPage } from "./pages/player.js";
import { TournamentPage, TournamentsPage } from "./pages/tournaments.js";

/** @typedef {import("./core/dom.js").VNode} VNode */
/** @typedef {import("./core/router.js").Route} Route */
/** @typedef {{ view(): VNode, title(): string, destroy?(): void }} Page */

/** @type {Record<Exclude<Route["name"], "leaderboards">, (route: Route) => Page>} */
const PAGES = {
  lobby: (route) => new LobbyPage(route),
  game: (route) => new GamePage(route),
  leaderboard: (route) => new LeaderboardPageView(route),
  player: (route) => new PlayerPage(route),
  tournaments: (route) => new TournamentsPage(route),
  tournament: (route) => new TournamentPage(route),
  howto: (route) => new HowToPage(route),
  notFound: () => ({
    title: () => t("notFound.title"),
    view: () => h("section.page", [h("h1", t("notFound.title")), h("p", [t("notFound.text"), " ", h("a", { attrs: { href: "/" } }, t("nav.lobby"))])]),
  }),
};

/** @type {{ route: Route | null, page: Page | null }} */
const current = { route: null, page: null };

/** @param {Route} route */
function show(route) {
  if (route.name === "leaderboards") {
    navigate("/leaderboards/classic", { replace: true });
    return;
  }
  const sameGame = current.route?.name === "game" && route.name === "game" && current.route.params[0] === route.params[0];
  if (sameGame) return;
  const navigated = current.route !== null && current.route.path !== route.path;
  current.page?.destroy?.();
  current.route = route;
  current.page = PAGES[route.name](route);
  requestRender();
  // After a navigation within the page, screen readers start at the new content.
  if (navigated) queueMicrotask(() => document.getElementById("main")?.focus({ preventScroll: true }));
}

function view() {
  const { route, page } = current;
  if (!route || !page) return h("div#app");
  document.title = `${page.title()} · Ô Ăn Quan`;
  return layout(route.name, page.view());
}

applyToDocument();
onLanguageChange(requestRender);
restoreSession();
const root = document.getElementById("app");
if (root) {
  mount(root, view);
  startRouter(show);
}
