// Preferences kept in the browser (language, animation speed, board side).
// Storage may be off (private modes, policies): then they last for the tab.

const PREFIX = "oanquan.";
/** @type {Map<string, string>} */
const fallback = new Map();

/** @param {string} name @returns {string | null} */
export function readPref(name) {
  try {
    return localStorage.getItem(PREFIX + name);
  } catch {
    return fallback.get(name) ?? null;
  }
}

/** @param {string} name @param {string | null} value */
export function writePref(name, value) {
  try {
    if (value === null) localStorage.removeItem(PREFIX + name);
    else localStorage.setItem(PREFIX + name, value);
  } catch {
    if (value === null) fallback.delete(name);
    else fallback.set(name, value);
  }
}
