// The two live regions: polite announcements (moves, arrivals) read by
// screen readers, and errors shown to everyone.

import { ApiError } from "./api.js";
import { requestRender } from "./dom.js";
import { hasMessage, t } from "./i18n.js";

export const notices = { announcement: "", error: "" };
let errorTimer = 0;

/** @type {string[]} */
let pending = [];

/**
 * Says `text` to screen readers; what is announced in one task is read
 * as one message.
 * @param {string} text
 */
export function announce(text) {
  if (!pending.length) {
    queueMicrotask(() => {
      const message = pending.join(" ");
      pending = [];
      // The same text twice in a row would not be read again: vary it.
      notices.announcement = notices.announcement === message ? `${message}\u00a0` : message;
      requestRender();
    });
  }
  pending.push(text);
}

/** @param {unknown} error */
export function describeError(error) {
  if (error instanceof ApiError) {
    if (error.code === "network") return t("error.network");
    // The server's `detail` is English: the page says it from the stable `code`.
    const key = `problem.${error.code}`;
    if (hasMessage(key)) return t(key);
    return t("problem.other", { status: error.status });
  }
  if (error instanceof SyntaxError) return t("problem.invalid_record");
  return t("problem.page");
}

/** @param {unknown} error */
export function showError(error) {
  notices.error = describeError(error);
  clearTimeout(errorTimer);
  errorTimer = window.setTimeout(() => {
    notices.error = "";
    requestRender();
  }, 8000);
  requestRender();
}

export function clearError() {
  notices.error = "";
  requestRender();
}
