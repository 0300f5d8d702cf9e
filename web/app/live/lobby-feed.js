// The open games, kept current: the lobby stream (issue 11) when the
// server has it, else a poll of `GET /v1/games?status=waiting`.

import { listGames } from "../core/endpoints.js";

/** @typedef {import("../../types/models").GameView} GameView */
/** @typedef {import("../../types/models").LobbyStreamMessage} LobbyStreamMessage */
/** @typedef {import("../core/capabilities.js").Capabilities} Capabilities */

const POLL_VISIBLE_MS = 3000;
const POLL_HIDDEN_MS = 15000;
const OPEN_GAMES_SHOWN = 50;

/**
 * @param {Capabilities} capabilities
 * @param {{ onGames: (games: GameView[]) => void, onError: (error: unknown) => void }} handlers
 */
export function openLobbyFeed(capabilities, handlers) {
  /** @type {Map<string, GameView>} */
  const games = new Map();
  let timer = 0;
  let closed = false;
  /** @type {EventSource | null} */
  let stream = null;

  const publish = () =>
    handlers.onGames([...games.values()].sort((a, b) => b.created_at.localeCompare(a.created_at)));

  async function poll() {
    try {
      const page = await listGames({ status: "waiting", limit: OPEN_GAMES_SHOWN });
      games.clear();
      for (const game of page.games) games.set(game.id, game);
      publish();
    } catch (error) {
      handlers.onError(error);
    }
  }

  function schedulePoll() {
    if (closed || stream) return;
    timer = window.setTimeout(async () => {
      await poll();
      schedulePoll();
    }, document.hidden ? POLL_HIDDEN_MS : POLL_VISIBLE_MS);
  }

  function openStream() {
    const source = new EventSource("/v1/lobby/stream");
    stream = source;
    /** @param {MessageEvent} event */
    const onMessage = (event) => {
      /** @type {LobbyStreamMessage} */
      const message = JSON.parse(event.data);
      if (message.type === "snapshot") {
        games.clear();
        for (const game of message.games) games.set(game.id, game);
      } else if (message.type === "created") {
        games.set(message.game.id, message.game);
      } else {
        games.delete(message.id);
      }
      publish();
    };
    for (const type of ["snapshot", "created", "joined", "cancelled", "expired"]) source.addEventListener(type, onMessage);
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED && !closed) {
        stream = null;
        schedulePoll();
      }
    };
  }

  if (capabilities.lobbyStream) openStream();
  else poll().then(schedulePoll);

  return {
    refresh: () => {
      if (!stream) poll();
    },
    close: () => {
      closed = true;
      clearTimeout(timer);
      stream?.close();
    },
  };
}
