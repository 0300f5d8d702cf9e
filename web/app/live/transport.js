// The two ways the page hears of changes: a server-sent event stream, and
// polling when there is none (or it gave up).

import { reportSuccess, reportSuspect } from "../core/connection.js";

/**
 * Calls `read` again and again: every `visibleMs` while the tab is seen,
 * every `hiddenMs` while it is not; never two reads at once.
 * @param {() => Promise<unknown>} read
 * @param {number} visibleMs
 * @param {number} hiddenMs
 */
export function poller(read, visibleMs, hiddenMs) {
  let timer = 0;
  let running = false;
  const schedule = () => {
    timer = window.setTimeout(async () => {
      await read();
      if (running) schedule();
    }, document.hidden ? hiddenMs : visibleMs);
  };
  return {
    start() {
      if (running) return;
      running = true;
      schedule();
    },
    stop() {
      running = false;
      clearTimeout(timer);
    },
  };
}

/**
 * Listens to `url` for the named event types, each message's data being
 * one JSON object. EventSource reconnects by itself (sending Last-Event-ID);
 * `onGiveUp` is called once it has stopped trying.
 * @template T
 * @param {string} url
 * @param {string[]} types
 * @param {(message: T) => void} onMessage
 * @param {() => void} onGiveUp
 */
export function openEventStream(url, types, onMessage, onGiveUp) {
  const source = new EventSource(url);
  /** @param {MessageEvent} event */
  const listener = (event) => onMessage(JSON.parse(event.data));
  for (const type of types) source.addEventListener(type, listener);
  source.onopen = () => reportSuccess();
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED) onGiveUp();
    else reportSuspect();
  };
  return source;
}
