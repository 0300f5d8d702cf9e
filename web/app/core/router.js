// Page paths, history, and link clicks that stay on the page.

/** @typedef {"lobby" | "game" | "leaderboards" | "leaderboard" | "player" | "tournaments" | "tournament" | "howto" | "notFound"} PageName */
/** @typedef {{ name: PageName, params: string[], query: URLSearchParams, path: string }} Route */

/** @type {[PageName, RegExp][]} */
const PATTERNS = [
  ["lobby", /^\/$/],
  ["game", /^\/games\/([^/]+)$/],
  ["leaderboards", /^\/leaderboards$/],
  ["leaderboard", /^\/leaderboards\/([^/]+)$/],
  ["player", /^\/players\/([^/]+)$/],
  ["tournaments", /^\/tournaments$/],
  ["tournament", /^\/tournaments\/([^/]+)$/],
  ["howto", /^\/how-to-play$/],
];

/**
 * A path segment's text, or `null` when its percent-escapes are not UTF-8
 * (`decodeURIComponent` throws a URIError on `%E0%A4%A`).
 * @param {string} segment @returns {string | null}
 */
export function decodeSegment(segment) {
  try {
    return decodeURIComponent(segment);
  } catch (error) {
    if (error instanceof URIError) return null;
    throw error;
  }
}

/** @param {string} pathname @param {string} search @returns {Route} */
export function matchRoute(pathname, search) {
  const query = new URLSearchParams(search);
  for (const [name, pattern] of PATTERNS) {
    const found = pattern.exec(pathname);
    if (found) {
      const params = found.slice(1).map(decodeSegment);
      // A path no page can name is no page.
      if (params.some((param) => param === null)) break;
      return { name, params: /** @type {string[]} */ (params), query, path: pathname };
    }
  }
  return { name: "notFound", params: [], query, path: pathname };
}

/** @type {(route: Route) => void} */
let onRoute = () => {};

const currentRoute = () => matchRoute(location.pathname, location.search);

/**
 * Goes to `href` without reloading the page.
 * @param {string} href
 * @param {{ replace?: boolean }} [options]
 */
export function navigate(href, options = {}) {
  if (options.replace) history.replaceState(null, "", href);
  else history.pushState(null, "", href);
  window.scrollTo(0, 0);
  onRoute(currentRoute());
}

/**
 * Changes the query string of the current page (e.g. a replay's ply)
 * without routing again and without a new history entry.
 * @param {Record<string, string | null>} params
 */
export function replaceQuery(params) {
  const url = new URL(location.href);
  for (const [key, value] of Object.entries(params)) {
    if (value === null) url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  history.replaceState(null, "", url);
}

/** @param {(route: Route) => void} handler */
export function startRouter(handler) {
  onRoute = handler;
  window.addEventListener("popstate", () => onRoute(currentRoute()));
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(target instanceof HTMLAnchorElement) || target.target || target.hasAttribute("download")) return;
    const url = new URL(target.href);
    if (url.origin !== location.origin || matchRoute(url.pathname, "").name === "notFound") return;
    event.preventDefault();
    navigate(url.pathname + url.search);
  });
  onRoute(currentRoute());
}
