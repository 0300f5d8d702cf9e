// The bearer token, kept in the browser. Its own module so that the HTTP
// client reads it without depending on the rest of the session.

import { readPref, writePref } from "./prefs.js";

export const currentToken = () => readPref("token");

/** @param {string | null} token */
export const storeToken = (token) => writePref("token", token);
