// Messages in Vietnamese, English, Polish and Bengali (the languages of
// the rules this project started from). `en.js` defines the keys; the
// others are type-checked to have exactly the same ones. The choice comes
// from `?lang=` (kept afterwards), else the one remembered, else the
// browser's languages, else Vietnamese.

import bn from "../locales/bn.js";
import en from "../locales/en.js";
import pl from "../locales/pl.js";
import vi from "../locales/vi.js";
import { readPref, writePref } from "./prefs.js";

/** @typedef {keyof typeof en} MessageKey */
/** @typedef {"vi" | "en" | "pl" | "bn"} Language */

/** @type {Record<Language, { name: string, messages: Record<MessageKey, string> }>} */
export const LANGUAGES = {
  vi: { name: "Tiếng Việt", messages: vi },
  en: { name: "English", messages: en },
  pl: { name: "Polski", messages: pl },
  bn: { name: "বাংলা", messages: bn },
};

/** @param {unknown} tag @returns {tag is Language} */
export const isLanguage = (tag) => typeof tag === "string" && Object.hasOwn(LANGUAGES, tag);

/** @type {Set<() => void>} */
const listeners = new Set();

/** @returns {Language} */
function initialLanguage() {
  const asked = globalThis.location ? new URLSearchParams(globalThis.location.search).get("lang") : null;
  if (isLanguage(asked)) {
    writePref("lang", asked);
    return asked;
  }
  const saved = readPref("lang");
  if (isLanguage(saved)) return saved;
  const preferred = globalThis.navigator?.languages ?? [];
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLanguage(base)) return base;
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

/** @param {string} key @returns {key is MessageKey} */
export const hasMessage = (key) => Object.hasOwn(en, key);

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
 * A message that depends on a count: `key` is used with `{n}`, or its
 * variant for the language's plural category of `n` (`.one`, `.few`,
 * `.many`) when the catalogue has one.
 * @param {MessageKey} key
 * @param {number} n
 * @param {Record<string, string | number>} [params]
 */
export function tn(key, n, params) {
  const variant = `${key}.${new Intl.PluralRules(current).select(n)}`;
  return t(hasMessage(variant) ? variant : key, { n, ...params });
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
