// Whether the server can be reached, as the page last saw it: `online`;
// `reconnecting` from a request that could not reach it (or a stream that
// broke and a probe that failed) until a probe of `/health` answers; then
// `back` for a few seconds. Listeners hear of each return, to send again
// what could not be sent.

import { requestRender } from "./dom.js";

/** @typedef {"online" | "reconnecting" | "back"} ConnectionState */

const PROBE_EVERY_MS = 1500;
const BACK_SHOWN_MS = 4000;

/** @type {{ state: ConnectionState }} */
export const connection = { state: "online" };

/** @type {Set<() => void>} */
const returnListeners = new Set();
let probeTimer = 0;
let backTimer = 0;
let probing = false;

/** @param {ConnectionState} state */
function setState(state) {
  if (connection.state === state) return;
  connection.state = state;
  requestRender();
}

/** Whether `/health` answers now. */
async function probe() {
  try {
    const response = await fetch("/health", { cache: "no-store" });
    return response.ok;
  } catch {
    return false;
  }
}

function probeUntilBack() {
  if (probing) return;
  probing = true;
  const again = async () => {
    if (await probe()) {
      probing = false;
      reportSuccess();
    } else {
      probeTimer = window.setTimeout(again, PROBE_EVERY_MS);
    }
  };
  probeTimer = window.setTimeout(again, PROBE_EVERY_MS);
}

/** A request could not reach the server. */
export function reportFailure() {
  clearTimeout(backTimer);
  setState("reconnecting");
  probeUntilBack();
}

/** A stream broke: the server may be gone, or may have just closed it. */
export async function reportSuspect() {
  if (connection.state === "reconnecting" || probing) return;
  if (!(await probe())) reportFailure();
}

/** The server answered. */
export function reportSuccess() {
  if (connection.state !== "reconnecting") return;
  clearTimeout(probeTimer);
  probing = false;
  setState("back");
  backTimer = window.setTimeout(() => setState("online"), BACK_SHOWN_MS);
  for (const listener of returnListeners) listener();
}

/**
 * Calls `listener` each time the server can be reached again.
 * @param {() => void} listener
 * @returns {() => void} to stop
 */
export function onReconnect(listener) {
  returnListeners.add(listener);
  return () => returnListeners.delete(listener);
}
