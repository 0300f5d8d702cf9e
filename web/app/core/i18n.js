// Messages in Vietnamese and English. `en.js` defines the keys; `vi.js` is
// type-checked to have exactly the same ones. The choice is remembered.

import en from "../locales/en.js";
import vi from "../locales/vi.js";
import { readPref, writePref } from "./prefs.js";

/** @typedef {keyof typeof en} MessageKey */
/** @typedef {"vi" | "en"} Language */

/** @type {Record<Language, { name: string, messages: Record<MessageKey, string> }>} */
export const LANGUAGES = {
  vi: { name: "Tiếng Việt", messages: vi },
  en: { name: "English", messages: en },
};

/** @type {Set<() => void>} */
const listeners = new Set();

/** @returns {Language} */
function initialLanguage() {
  const saved = readPref("lang");
  if (saved === "vi" || saved === "en") return saved;
  const preferred = globalThis.navigator?.languages ?? [];
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    if (base === "vi" || base === "en") return base;
  }
  return "vi";
}

let current = initialLanguage();

export const language = () => current;

/** @param {Language} next */
export function setLanguage(next) {
  current = next;
  writePref("lang", next);
  applyToDocument();
  for (const listener of listeners) listener();
}

/** @param {() => void} listener */
export const onLanguageChange = (listener) => listeners.add(listener);

export function applyToDocument() {
  if (typeof document !== "undefined") document.documentElement.lang = current;
}

/**
 * The message `key` with `{name}` placeholders filled.
 * @param {MessageKey} key
 * @param {Record<string, string | number>} [params]
 */
export function t(key, params) {
  const text = LANGUAGES[current].messages[key] ?? en[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/**
 * A message that depends on a count: `key` is used with `{n}`, and the
 * `.one` variant when the language's plural rules say "one".
 * @param {MessageKey} key
 * @param {number} n
 * @param {Record<string, string | number>} [params]
 */
export function tn(key, n, params) {
  const one = /** @type {MessageKey} */ (`${key}.one`);
  const useOne = new Intl.PluralRules(current).select(n) === "one" && one in en;
  return t(useOne ? one : key, { n, ...params });
}

/** @param {string | null | undefined} iso */
export function formatDate(iso) {
  if (!iso) return "";
  return new Intl.DateTimeFormat(current, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** @param {string | null | undefined} iso */
export function formatDay(iso) {
  if (!iso) return "";
  return new Intl.DateTimeFormat(current, { dateStyle: "medium" }).format(new Date(iso));
}

/** @param {number} value @param {number} [digits] */
export function formatNumber(value, digits = 0) {
  return new Intl.NumberFormat(current, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value);
}
