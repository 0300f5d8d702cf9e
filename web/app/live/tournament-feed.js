// A tournament, kept current: its stream, each message applied to the
// view (a message missed, seen by its `version`, reads the tournament
// again); a poll of `GET /v1/tournaments/{id}` once the stream gave up.

import { getTournament, tournamentStreamPath } from "../core/endpoints.js";
import { openEventStream, poller } from "./transport.js";

/** @typedef {import("../../types/models").TournamentView} TournamentView */
/** @typedef {import("../../types/models").TournamentStreamMessage} TournamentStreamMessage */

/** The messages whose `version` is one more than the message's before. */
const STEPS = new Set(["pairing", "game_ended", "finished"]);

/** @param {TournamentView} tournament */
const isOver = (tournament) => tournament.status === "finished" || tournament.status === "cancelled";

/** The message types of the stream. */
export const TOURNAMENT_MESSAGES = ["snapshot", "pairing", "game_ended", "standings", "finished"];

/**
 * The tournament after `message`, or `null` when it shows a message was
 * missed (read it again).
 * @param {TournamentView | null} tournament
 * @param {number | null} version the version of the message before
 * @param {TournamentStreamMessage} message
 * @returns {TournamentView | null}
 */
export function applyMessage(tournament, version, message) {
  if (message.type === "snapshot") return message.tournament;
  if (!tournament || version === null) return null;
  if (message.version !== version + (STEPS.has(message.type) ? 1 : 0)) return null;
  switch (message.type) {
    case "pairing": {
      const { type: _type, version: _version, ...board } = message;
      const others = tournament.pairings.filter((p) => p.round !== board.round || p.board !== board.board);
      const pairings = [...others, board].sort((a, b) => a.round - b.round || a.board - b.board);
      return { ...tournament, status: "running", round: Math.max(tournament.round, board.round), pairings };
    }
    case "game_ended":
      return {
        ...tournament,
        pairings: tournament.pairings.map((p) =>
          p.round === message.round && p.board === message.board ? { ...p, south_points: message.south_points, north_points: message.north_points } : p,
        ),
      };
    case "standings":
      return { ...tournament, status: message.status, round: message.round, rounds: message.rounds, started_at: message.started_at, standings: message.standings };
    case "finished":
      return { ...tournament, status: message.status, round: message.round, rounds: message.rounds, finished_at: message.finished_at, standings: message.standings };
  }
  return null;
}

/**
 * @param {string} id
 * @param {{ onTournament: (tournament: TournamentView, feed: "stream" | "poll") => void, onError: (error: unknown) => void }} handlers
 */
export function openTournamentFeed(id, handlers) {
  /** @type {TournamentView | null} */
  let tournament = null;
  /** @type {number | null} */
  let version = null;
  /** @type {EventSource | null} */
  let stream = null;
  let closed = false;

  async function read() {
    try {
      const fresh = await getTournament(id);
      if (closed) return;
      tournament = fresh;
      handlers.onTournament(fresh, stream ? "stream" : "poll");
    } catch (error) {
      handlers.onError(error);
    }
  }
  const polling = poller(read, 3000, 15000);

  /** @param {TournamentStreamMessage} message */
  function apply(message) {
    const next = applyMessage(tournament, version, message);
    version = message.version;
    if (!next) {
      // A message was missed: the tournament as it is now.
      read();
      return;
    }
    tournament = next;
    handlers.onTournament(next, "stream");
    // The server ends the stream after the end: not to be reconnected.
    if (isOver(next)) {
      stream?.close();
      stream = null;
    }
  }

  stream = openEventStream(tournamentStreamPath(id), TOURNAMENT_MESSAGES, apply, () => {
    stream = null;
    if (tournament && isOver(tournament)) return;
    polling.start();
  });

  return {
    /** After the viewer's own action: the tournament it answered. @param {TournamentView} fresh */
    replace(fresh) {
      // The stream tells of it too, applied to what it told before.
      if (stream) return;
      tournament = fresh;
      handlers.onTournament(fresh, "poll");
    },
    close() {
      closed = true;
      polling.stop();
      stream?.close();
    },
  };
}
