// The viewer's games that are waiting or under way, with whose turn it is:
// re-read when the personal stream (issue 11) says something happened,
// else polled.

import { request } from "../core/api.js";
import { listGames } from "../core/endpoints.js";

/** @typedef {import("../../types/models").GameView} GameView */
/** @typedef {import("../core/capabilities.js").Capabilities} Capabilities */

const POLL_VISIBLE_MS = 5000;
const POLL_HIDDEN_MS = 30000;

/**
 * @param {string} playerId
 * @param {Capabilities} capabilities
 * @param {{ onGames: (active: GameView[], waiting: GameView[]) => void, onError: (error: unknown) => void }} handlers
 */
export function openMyGamesFeed(playerId, capabilities, handlers) {
  let timer = 0;
  let closed = false;
  /** @type {EventSource | null} */
  let stream = null;

  async function read() {
    try {
      const [active, waiting] = await Promise.all([
        listGames({ player: playerId, status: "active", limit: 50 }),
        listGames({ player: playerId, status: "waiting", limit: 50 }),
      ]);
      if (!closed) handlers.onGames(active.games, waiting.games);
    } catch (error) {
      handlers.onError(error);
    }
  }

  function schedulePoll() {
    if (closed || stream) return;
    timer = window.setTimeout(async () => {
      await read();
      schedulePoll();
    }, document.hidden ? POLL_HIDDEN_MS : POLL_VISIBLE_MS);
  }

  /** EventSource cannot send the bearer header: a one-use ticket goes in the URL. */
  async function openStream() {
    try {
      const response = await request("POST", "/v1/me/stream-tickets", { auth: true });
      const { ticket } = /** @type {{ ticket: string }} */ (response.data);
      if (closed) return;
      const source = new EventSource(`/v1/me/stream?ticket=${encodeURIComponent(ticket)}`);
      stream = source;
      for (const type of ["game_started", "your_turn", "challenge", "game_ended"]) source.addEventListener(type, () => read());
      source.onerror = () => {
        if (source.readyState === EventSource.CLOSED && !closed) {
          stream = null;
          schedulePoll();
        }
      };
    } catch {
      schedulePoll();
    }
  }

  read().then(() => {
    if (capabilities.meStream) openStream();
    else schedulePoll();
  });

  return {
    refresh: read,
    close: () => {
      closed = true;
      clearTimeout(timer);
      stream?.close();
    },
  };
}
