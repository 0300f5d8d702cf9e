// What the running server offers beyond the first API, read from its
// OpenAPI document: the page hides a control whose endpoint is not there
// and never calls it (a 404 would show as a console error, and a stream
// opened on one fails noisily). The document is large (200 KB), so it is
// read once per browser and build: the answer is kept in localStorage under
// the page's asset version, which every new build changes.

import { getJson } from "./api.js";

const STORAGE_KEY = "oanquan.capabilities";
/** This build's asset version, from this module's own URL (`/assets/{version}/…`). */
const BUILD = /\/assets\/([^/]+)\//.exec(import.meta.url)?.[1] ?? "dev";

/** @returns {Capabilities | null} */
function remembered() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null");
    return saved && saved.build === BUILD ? saved.capabilities : null;
  } catch {
    return null;
  }
}

/** @param {Capabilities} capabilities */
function remember(capabilities) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ build: BUILD, capabilities }));
  } catch {
    // Storage off: read again on the next load.
  }
}

/**
 * @typedef {object} Capabilities
 * @property {boolean} gameStream `GET /v1/games/{id}/stream`
 * @property {boolean} lobbyStream `GET /v1/lobby/stream`
 * @property {boolean} meStream `GET /v1/me/stream` with tickets
 * @property {boolean} bots `GET /v1/bots`
 * @property {boolean} abort `POST /v1/games/{id}/abort`
 * @property {boolean} clock `POST /v1/games` takes `clock`
 */

/** @type {Promise<Capabilities> | null} */
let loaded = null;

/** @type {Capabilities} */
export const NONE = { gameStream: false, lobbyStream: false, meStream: false, bots: false, abort: false, clock: false };

/**
 * @param {{ paths?: Record<string, Record<string, unknown>>, components?: { schemas?: Record<string, { properties?: Record<string, unknown> }> } }} spec
 * @returns {Capabilities}
 */
export function capabilitiesOf(spec) {
  const paths = spec.paths ?? {};
  /** @param {string} path @param {string} method */
  const has = (path, method) => Boolean(paths[path]?.[method]);
  const newGame = spec.components?.schemas?.NewGame?.properties ?? {};
  return {
    gameStream: has("/v1/games/{id}/stream", "get"),
    lobbyStream: has("/v1/lobby/stream", "get"),
    meStream: has("/v1/me/stream", "get") && has("/v1/me/stream-tickets", "post"),
    bots: has("/v1/bots", "get"),
    abort: has("/v1/games/{id}/abort", "post"),
    clock: "clock" in newGame,
  };
}

/** @returns {Promise<Capabilities>} */
export function capabilities() {
  const saved = remembered();
  if (saved) return (loaded ??= Promise.resolve(saved));
  loaded ??= getJson("/openapi.json")
    .then((spec) => {
      const found = capabilitiesOf(/** @type {any} */ (spec));
      remember(found);
      return found;
    })
    .catch(() => NONE);
  return loaded;
}
