// The viewer's games that are waiting or under way, with whose turn it is:
// read again when the personal stream says something happened,
// else polled.

import { request } from "../core/api.js";
import { listGames } from "../core/endpoints.js";
import { openEventStream, poller } from "./transport.js";

/** @typedef {import("../../types/models").GameView} GameView */
/** @typedef {import("../core/capabilities.js").Capabilities} Capabilities */

/**
 * @param {string} playerId
 * @param {Capabilities} capabilities
 * @param {{ onGames: (active: GameView[], waiting: GameView[]) => void, onError: (error: unknown) => void }} handlers
 */
export function openMyGamesFeed(playerId, capabilities, handlers) {
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
  const polling = poller(read, 5000, 30000);

  /**
   * EventSource cannot send the bearer header: a short-lived, one-use
   * ticket goes in the URL. (A reconnection would reuse a spent ticket, so
   * when the stream gives up the page polls; a later pass may ask for a
   * new ticket instead.)
   */
  async function openStream() {
    try {
      const response = await request("POST", "/v1/me/stream-tickets", { auth: true });
      const { ticket } = /** @type {{ ticket: string }} */ (response.data);
      if (closed) return;
      const url = `/v1/me/stream?ticket=${encodeURIComponent(ticket)}`;
      stream = openEventStream(url, ["game_started", "your_turn", "challenge", "game_ended"], () => read(), () => {
        stream = null;
        if (!closed) polling.start();
      });
    } catch {
      polling.start();
    }
  }

  read().then(() => {
    if (capabilities.meStream) openStream();
    else polling.start();
  });

  return {
    refresh: read,
    close: () => {
      closed = true;
      polling.stop();
      stream?.close();
    },
  };
}
