// The open games, kept current: the lobby stream when the
// server has it, else a poll of `GET /v1/games?status=waiting`.

import { listGames } from "../core/endpoints.js";
import { openEventStream, poller } from "./transport.js";

/** @typedef {import("../../types/models").GameView} GameView */
/** @typedef {import("../../types/models").LobbyStreamMessage} LobbyStreamMessage */
/** @typedef {import("../core/capabilities.js").Capabilities} Capabilities */

const OPEN_GAMES_SHOWN = 50;

/**
 * @param {Capabilities} capabilities
 * @param {{ onGames: (games: GameView[]) => void, onError: (error: unknown) => void }} handlers
 */
export function openLobbyFeed(capabilities, handlers) {
  /** @type {Map<string, GameView>} */
  const games = new Map();
  /** @type {EventSource | null} */
  let stream = null;

  const publish = () =>
    handlers.onGames([...games.values()].sort((a, b) => b.created_at.localeCompare(a.created_at)));

  async function read() {
    try {
      const page = await listGames({ status: "waiting", limit: OPEN_GAMES_SHOWN });
      games.clear();
      for (const game of page.games) games.set(game.id, game);
      publish();
    } catch (error) {
      handlers.onError(error);
    }
  }
  const polling = poller(read, 3000, 15000);

  /** @param {LobbyStreamMessage} message */
  function apply(message) {
    if (message.type === "snapshot") {
      games.clear();
      for (const game of message.games) games.set(game.id, game);
    } else if (message.type === "created") {
      games.set(message.game.id, message.game);
    } else {
      games.delete(message.id);
    }
    publish();
  }

  if (capabilities.lobbyStream) {
    stream = openEventStream("/v1/lobby/stream", ["snapshot", "created", "joined", "cancelled", "expired"], apply, () => {
      stream = null;
      polling.start();
    });
  } else {
    read().then(() => polling.start());
  }

  return {
    refresh: () => {
      if (!stream) read();
    },
    close: () => {
      polling.stop();
      stream?.close();
    },
  };
}
