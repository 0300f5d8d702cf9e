// A game's changes as they happen: the game stream when the
// server has it, else polling `GET /v1/games/{id}` with `If-None-Match`.
// Either way the page gets the same two callbacks: `onMoves` with every
// move it has not seen, in order, and `onGame` with the game as it now is.

import { getGame, getMoves } from "../core/endpoints.js";
import { openEventStream, poller } from "./transport.js";

/** @typedef {import("../../types/models").GameView} GameView */
/** @typedef {import("../../types/models").MoveView} MoveView */
/** @typedef {import("../../types/models").GameStreamMessage} GameStreamMessage */
/** @typedef {import("../core/capabilities.js").Capabilities} Capabilities */

/**
 * @typedef {object} FeedHandlers
 * @property {(moves: MoveView[]) => void} onMoves
 * @property {(game: GameView, date: string | null) => void} onGame
 * @property {(error: unknown) => void} onError
 */

/** Statuses after which nothing changes. */
export const FINAL_STATUSES = new Set(["finished", "cancelled", "archived", "aborted", "expired"]);

const POLL_VISIBLE_MS = 1000;
const POLL_HIDDEN_MS = 5000;
/** Under an open stream, a conditional read this often (a 304 while nothing changed). */
const STREAM_CHECK_MS = 15_000;
const STREAM_EVENTS = ["snapshot", "joined", "move", "ended", "aborted", "expired", "cancelled"];

/**
 * @param {string} gameId
 * @param {GameView} known the game as the page has it
 * @param {FeedHandlers} handlers
 * @param {Capabilities} capabilities
 * @returns {{ refresh: () => void, saw: (game: GameView) => void, close: () => void, kind: () => string }}
 */
export function openGameFeed(gameId, known, handlers, capabilities) {
  let etag = `"${known.version}"`;
  let knownPly = known.ply;
  let closed = FINAL_STATUSES.has(known.status);
  let fetching = false;
  let again = false;
  /** @type {EventSource | null} */
  let stream = null;
  let streamCheck = 0;

  /** Reads the game (and any moves it has that we have not seen). */
  async function poll() {
    if (fetching) {
      again = true;
      return;
    }
    fetching = true;
    try {
      const { game, etag: tag, date } = await getGame(gameId, etag);
      if (game) {
        if (tag) etag = tag;
        await catchUp(game.ply);
        handlers.onGame(game, date);
        if (FINAL_STATUSES.has(game.status)) close();
      }
    } catch (error) {
      handlers.onError(error);
    } finally {
      fetching = false;
    }
    if (again && !closed) {
      again = false;
      await poll();
    }
  }
  const polling = poller(poll, POLL_VISIBLE_MS, POLL_HIDDEN_MS);

  /** @param {number} ply the game's next move number */
  async function catchUp(ply) {
    if (ply <= knownPly) return;
    const { moves } = await getMoves(gameId, knownPly);
    const fresh = moves.filter((move) => move.ply >= knownPly);
    if (fresh.length) {
      knownPly = fresh[fresh.length - 1].ply + 1;
      handlers.onMoves(fresh);
    }
  }

  /** @param {GameStreamMessage} message */
  function apply(message) {
    if (message.type === "snapshot") {
      catchUp(message.game.ply)
        .then(() => handlers.onGame(message.game, null))
        .catch(handlers.onError);
      return;
    }
    // The next move is shown at once; after a gap (a move this feed did not
    // hear of) the poll below reads the moves missed, in order.
    if (message.type === "move" && message.move.ply === knownPly) {
      knownPly = message.move.ply + 1;
      handlers.onMoves([message.move]);
    }
    // The other messages carry part of the game; read it whole. A later
    // pass can apply them directly, as the stream contract allows.
    poll();
  }

  function close() {
    closed = true;
    polling.stop();
    stream?.close();
    stream = null;
    clearInterval(streamCheck);
  }

  if (!closed) {
    if (capabilities.gameStream) {
      const url = `/v1/games/${encodeURIComponent(gameId)}/stream?since=${known.version}`;
      stream = openEventStream(url, STREAM_EVENTS, apply, () => {
        stream = null;
        if (!closed) polling.start();
      });
      // A safety net: a change the stream never delivered shows within this.
      streamCheck = window.setInterval(() => {
        if (stream && !document.hidden) poll();
      }, STREAM_CHECK_MS);
    } else {
      polling.start();
    }
  }

  return {
    refresh: () => {
      if (!closed) poll();
    },
    // The page learnt of a change itself (its own move): no need to fetch it.
    saw: (game) => {
      etag = `"${game.version}"`;
      knownPly = Math.max(knownPly, game.ply);
    },
    close,
    kind: () => (closed ? "closed" : stream ? "stream" : "polling"),
  };
}
