// The API calls the page makes, one function each, typed from the spec.

import { getJson, query, request } from "./api.js";

/** @typedef {import("../../types/models").GameView} GameView */
/** @typedef {import("../../types/models").GamePage} GamePage */
/** @typedef {import("../../types/models").MoveRange} MoveRange */
/** @typedef {import("../../types/models").PlayedMove} PlayedMove */
/** @typedef {import("../../types/models").NewGame} NewGame */
/** @typedef {import("../../types/models").CreatedPlayer} CreatedPlayer */
/** @typedef {import("../../types/models").PlayerProfile} PlayerProfile */
/** @typedef {import("../../types/models").PlayerList} PlayerList */
/** @typedef {import("../../types/models").RatingHistoryPage} RatingHistoryPage */
/** @typedef {import("../../types/models").LeaderboardPage} LeaderboardPage */
/** @typedef {import("../../types/models").VersusView} VersusView */
/** @typedef {import("../../types/models").Bot} Bot */
/** @typedef {import("../../types/models").MoveView} MoveView */
/** @typedef {import("../../types/models").TournamentView} TournamentView */
/** @typedef {import("../../types/models").TournamentPage} TournamentPage */
/** @typedef {import("../../types/models").NewTournament} NewTournament */

/** @param {string} id */
const gamePath = (id) => `/v1/games/${encodeURIComponent(id)}`;

/** @param {string} name @returns {Promise<CreatedPlayer>} */
export async function register(name) {
  const response = await request("POST", "/v1/players", { json: { name }, idempotent: true });
  return /** @type {CreatedPlayer} */ (response.data);
}

/** @param {string} token @returns {Promise<PlayerProfile>} */
export const getMe = (token) => getJson("/v1/me", { token });

/** @param {string} id @returns {Promise<PlayerProfile>} */
export const getPlayer = (id) => getJson(`/v1/players/${encodeURIComponent(id)}`);

/**
 * The player with this name, up to look-alikes (`alice` is `Alice`): at most one.
 * @param {string} name @returns {Promise<PlayerList>}
 */
export const findPlayers = (name) => getJson(`/v1/players${query({ name })}`);

/**
 * @param {string} id
 * @param {{ preset?: string, cursor?: string | null, limit?: number }} [params]
 * @returns {Promise<RatingHistoryPage>}
 */
export const getRatingHistory = (id, params = {}) =>
  getJson(`/v1/players/${encodeURIComponent(id)}/rating-history${query(params)}`);

/** @param {string} a @param {string} b @returns {Promise<VersusView>} */
export const getVersus = (a, b) => getJson(`/v1/players/${encodeURIComponent(a)}/versus/${encodeURIComponent(b)}`);

/**
 * @param {{ status?: string, player?: string, rated?: boolean, rules?: string, cursor?: string | null, limit?: number }} params
 * @returns {Promise<GamePage>}
 */
export const listGames = (params) => getJson(`/v1/games${query(params)}`);

/**
 * @param {string} player
 * @param {{ cursor?: string | null, limit?: number }} params
 * @returns {Promise<GamePage>}
 */
export const listPlayerGames = (player, params) =>
  getJson(`/v1/players/${encodeURIComponent(player)}/games${query(params)}`);

/**
 * The game, or `null` when it has not changed since `etag`.
 * @param {string} id
 * @param {string | null} [etag]
 */
export async function getGame(id, etag) {
  const response = await request("GET", gamePath(id), { ifNoneMatch: etag ?? null });
  if (response.notModified) return { game: null, etag: response.etag, date: response.date };
  return { game: /** @type {GameView} */ (response.data), etag: response.etag, date: response.date };
}

/** @param {string} id @param {number} [from] @returns {Promise<MoveRange>} */
export const getMoves = (id, from) => getJson(`${gamePath(id)}/moves${query({ from })}`);

/** @param {NewGame} body @returns {Promise<GameView>} */
export async function createGame(body) {
  const response = await request("POST", "/v1/games", { json: body, auth: true, idempotent: true });
  return /** @type {GameView} */ (response.data);
}

/**
 * A state change of a game (`join`, `resign`, `cancel`, `abort`).
 * @param {string} id
 * @param {"join" | "resign" | "cancel" | "abort"} action
 * @returns {Promise<GameView>}
 */
export async function gameAction(id, action) {
  const response = await request("POST", `${gamePath(id)}/${action}`, { auth: true, idempotent: true });
  return /** @type {GameView} */ (response.data);
}

/**
 * @param {string} id
 * @param {string} move e.g. "3R"
 * @param {number} ply the game's ply: a move played meanwhile makes it 409
 * @param {string} key the Idempotency-Key: the same for a retry of the same move
 * @returns {Promise<PlayedMove>}
 */
export async function playMove(id, move, ply, key) {
  const response = await request("POST", `${gamePath(id)}/moves`, { json: { move, ply }, auth: true, idempotencyKey: key });
  return /** @type {PlayedMove} */ (response.data);
}

/** @param {string} record JSON or text @returns {Promise<GameView>} */
export async function importRecord(record) {
  const trimmed = record.trim();
  const options = trimmed.startsWith("{")
    ? { json: JSON.parse(trimmed), auth: true, idempotent: true }
    : { text: trimmed, auth: true, idempotent: true };
  const response = await request("POST", "/v1/games/import", options);
  return /** @type {GameView} */ (response.data);
}

/** @param {string} id @param {"text" | "json"} format */
export const exportUrl = (id, format) => `${gamePath(id)}/export${format === "text" ? "?format=text" : ""}`;

/**
 * @param {string} preset
 * @param {{ cursor?: string | null, limit?: number, include_provisional?: boolean, min_games?: number }} params
 * @returns {Promise<LeaderboardPage>}
 */
export const getLeaderboard = (preset, params) =>
  getJson(`/v1/leaderboards/${encodeURIComponent(preset)}${query(params)}`);

/**
 * @param {string} preset
 * @param {string} player
 * @param {{ limit?: number, include_provisional?: boolean }} params
 * @returns {Promise<LeaderboardPage>}
 */
export const getLeaderboardAround = (preset, player, params) =>
  getJson(`/v1/leaderboards/${encodeURIComponent(preset)}/around/${encodeURIComponent(player)}${query(params)}`);

/** The built-in bots. @returns {Promise<{ bots: Bot[] }>} */
export const getBots = () => getJson("/v1/bots");

/** @typedef {import("../../types/models").ExplorerAnswer} ExplorerAnswer */
/** @typedef {import("../../types/models").AnalysisResponse} AnalysisResponse */
/** @typedef {import("../../types/models").RulesInput} RulesInput */

/**
 * The opening explorer: the finished games that reached a position, and each move played from it.
 * @param {{ position: string, preset?: string, rules?: string, custom_start?: boolean, rated?: string, speed?: string, recent?: number }} params
 * @returns {Promise<ExplorerAnswer>}
 */
export const getExplorer = (params) => getJson(`/v1/explorer${query(params)}`);

/**
 * Plays `moves` from `position` by `rules`: each move's position after it.
 * @param {{ rules: RulesInput, position: string, moves: string[] }} body
 * @returns {Promise<AnalysisResponse>}
 */
export async function playLine(body) {
  const response = await request("POST", "/v1/analysis/play", { json: body });
  return /** @type {AnalysisResponse} */ (response.data);
}

/**
 * Where a player's games download from, streamed: NDJSON (one record a line) or text records.
 * @param {string} player @param {"ndjson" | "text"} format
 */
export const playerExportUrl = (player, format) =>
  `/v1/players/${encodeURIComponent(player)}/games/export${query({ format })}`;
/** @param {string} id */
const tournamentPath = (id) => `/v1/tournaments/${encodeURIComponent(id)}`;

/**
 * @param {{ status?: string, cursor?: string | null, limit?: number }} params
 * @returns {Promise<TournamentPage>}
 */
export const listTournaments = (params) => getJson(`/v1/tournaments${query(params)}`);

/** @param {string} id @returns {Promise<TournamentView>} */
export const getTournament = (id) => getJson(tournamentPath(id));

/** The path of a tournament's stream. @param {string} id */
export const tournamentStreamPath = (id) => `${tournamentPath(id)}/stream`;

/** @param {NewTournament} body @returns {Promise<TournamentView>} */
export async function createTournament(body) {
  const response = await request("POST", "/v1/tournaments", { json: body, auth: true, idempotent: true });
  return /** @type {TournamentView} */ (response.data);
}

/**
 * A tournament's transition (`join`, `withdraw`, `start`, `cancel`): the tournament after it.
 * @param {string} id
 * @param {"join" | "withdraw" | "start" | "cancel"} action
 * @returns {Promise<TournamentView>}
 */
export async function tournamentAction(id, action) {
  const response = await request("POST", `${tournamentPath(id)}/${action}`, { auth: true, idempotent: true });
  return /** @type {TournamentView} */ (response.data);
}
