// Who the viewer is: a token kept in the browser, and the profile it names.

import { ApiError } from "./api.js";
import { requestRender } from "./dom.js";
import { getMe, register } from "./endpoints.js";
import { currentToken, storeToken } from "./session-token.js";

/** @typedef {{ id: string, name: string }} Me */

/** @type {{ me: Me | null, checking: boolean, newToken: string | null, lost: boolean }} */
export const session = { me: null, checking: false, newToken: null, lost: false };

/** @type {Promise<void> | null} */
let restoring = null;

/** Reads the profile of the stored token, once per page load. */
export function restoreSession() {
  restoring ??= (async () => {
    const token = currentToken();
    if (!token) return;
    session.checking = true;
    try {
      const me = await getMe(token);
      session.me = { id: me.id, name: me.name };
    } catch (error) {
      // An unknown token (e.g. a database that was reset) is forgotten;
      // a network failure keeps it for the next load.
      if (error instanceof ApiError && error.status === 401) {
        storeToken(null);
        session.lost = true;
      }
    } finally {
      session.checking = false;
      requestRender();
    }
  })();
  return restoring;
}

/** @param {string} name */
export async function registerPlayer(name) {
  const created = await register(name);
  storeToken(created.token);
  session.me = { id: created.id, name: created.name };
  session.newToken = created.token;
  session.lost = false;
  requestRender();
  return created;
}

/** @param {string} token a token from an earlier registration */
export async function signInWithToken(token) {
  const me = await getMe(token.trim());
  storeToken(token.trim());
  session.me = { id: me.id, name: me.name };
  session.newToken = null;
  session.lost = false;
  requestRender();
}

export function signOut() {
  storeToken(null);
  session.me = null;
  session.newToken = null;
  requestRender();
}

export const token = currentToken;

/** The seat the viewer holds in `game`, if any.
 * @param {{ players: { south?: { id?: string | null } | null, north?: { id?: string | null } | null } }} game
 * @returns {"south" | "north" | null}
 */
export function seatOf(game) {
  const me = session.me;
  if (!me) return null;
  if (game.players.south?.id === me.id) return "south";
  if (game.players.north?.id === me.id) return "north";
  return null;
}
