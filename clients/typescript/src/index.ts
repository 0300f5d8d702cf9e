// The oanquan client: the generated types (./api.js, from openapi-typescript)
// over openapi-fetch, plus a thin layer: bearer token, ETag / If-Match,
// Idempotency-Key with bounded retries (network errors, 429, 503 after
// Retry-After), problem+json errors as ProblemError, and the streams as async
// iterators of typed events that reconnect with Last-Event-ID.

import createClient, { type Client } from "openapi-fetch";

import type { components, paths } from "./api.js";
import { problemError } from "./errors.js";
import { type ExportFilters, type ExportOptions, exportRecords } from "./export.js";
import { follow, type FollowOptions } from "./stream.js";
import { authAndIdempotency, type Fetch, retryingFetch, type RetryOptions } from "./transport.js";

export type { components, paths } from "./api.js";
export { ProblemError, type Problem, type ProblemCode } from "./errors.js";
export { type ExportFilters, type ExportOpener, type ExportOptions, exportQuery, exportRecords } from "./export.js";
export {
  follow,
  type FollowOptions,
  ndjson,
  type ServerSentEvent,
  serverSentEvents,
  type StreamFormat,
  type StreamSource,
} from "./stream.js";
export { type Fetch, RetryBudget, retryAfterMs, type RetryOptions, retryingFetch } from "./transport.js";
export {
  DEFAULT_TOLERANCE_S,
  signWebhook,
  type VerifyOptions,
  type WebhookHeaders,
  WebhookVerificationError,
  verifyWebhook,
} from "./webhooks.js";

export type Schemas = components["schemas"];
export type Game = Schemas["GameView"];
export type PlayedMove = Schemas["PlayedMove"];
/** A message of a game's stream, discriminated by `type`. */
export type GameStreamEvent = Schemas["GameStreamEvent"];
/** A message of the lobby's stream, discriminated by `type`. */
export type LobbyStreamEvent = Schemas["LobbyStreamEvent"];
/** A message of a player's own stream, discriminated by `type`. */
export type MeStreamEvent = Schemas["MeStreamEvent"];
/** A message of a tournament's stream, discriminated by `type`. */
export type TournamentStreamEvent = Schemas["TournamentStreamEvent"];
export type Tournament = Schemas["TournamentView"];
export type GameRecord = Schemas["GameRecord"];
/** The opening explorer's answer (`GET /v1/explorer`). */
export type ExplorerAnswer = Schemas["ExplorerAnswer"];
type ServerExplorerQuery = NonNullable<paths["/v1/explorer"]["get"]["parameters"]["query"]>;
/** The explorer's query; `rules` as the JSON text the server reads, or as a ruleset. */
export type ExplorerQuery = Omit<ServerExplorerQuery, "rules"> & { rules?: string | Schemas["RulesInput"] };

/** The `type`s after which a game's stream ends. */
export const FINAL_GAME_EVENTS: ReadonlySet<GameStreamEvent["type"]> = new Set(["ended", "cancelled", "aborted", "expired"]);

/** The `type`s of a tournament's stream whose `version` is one more than the message's before. */
export const TOURNAMENT_STEP_EVENTS: ReadonlySet<TournamentStreamEvent["type"]> = new Set(["pairing", "game_ended", "finished"]);

/**
 * Whether `event` shows a message was missed after one at version
 * `previous` (`undefined` before the first snapshot): a `pairing`,
 * `game_ended` or `finished` is one more than the message before it, a
 * `standings` the same; a `snapshot` starts again. Read the tournament
 * again after a gap.
 */
export function tournamentGap(previous: number | undefined, event: TournamentStreamEvent): boolean {
  if (event.type === "snapshot") return false;
  if (previous === undefined) return true;
  return event.version !== previous + (TOURNAMENT_STEP_EVENTS.has(event.type) ? 1 : 0);
}

/**
 * The tournament after `event`, from the tournament before it (`undefined`
 * before the first snapshot); `undefined` when `event` shows a gap (read
 * the tournament again).
 */
export function applyTournamentEvent(
  tournament: Tournament | undefined,
  version: number | undefined,
  event: TournamentStreamEvent,
): Tournament | undefined {
  if (event.type === "snapshot") return event.tournament;
  if (tournament === undefined || tournamentGap(version, event)) return undefined;
  switch (event.type) {
    case "pairing": {
      const { type: _type, version: _version, ...board } = event;
      return { ...tournament, status: "running", round: Math.max(tournament.round, board.round), pairings: [...tournament.pairings, board] };
    }
    case "game_ended": {
      const pairings = tournament.pairings.map((p) =>
        p.round === event.round && p.board === event.board ? { ...p, south_points: event.south_points, north_points: event.north_points } : p,
      );
      return { ...tournament, pairings };
    }
    case "standings":
      return {
        ...tournament,
        status: event.status,
        round: event.round,
        rounds: event.rounds,
        started_at: event.started_at,
        standings: event.standings,
      };
    case "finished":
      return {
        ...tournament,
        status: event.status,
        round: event.round,
        rounds: event.rounds,
        finished_at: event.finished_at,
        standings: event.standings,
      };
  }
}

export interface StreamGameOptions extends FollowOptions {
  /** Replay the changes after this version (as a reconnection does); without it, a `snapshot` first. */
  since?: number;
}
export type LeaderboardQuery = NonNullable<paths["/v1/leaderboards/{preset}"]["get"]["parameters"]["query"]>;
export type Preset = paths["/v1/leaderboards/{preset}"]["get"]["parameters"]["path"]["preset"];

export interface OanquanOptions extends RetryOptions {
  /** The server, e.g. `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** A bearer token (`POST /v1/players` or `POST /v1/me/tokens`). */
  token?: string;
  /** The fetch underneath the retries (default `globalThis.fetch`). */
  fetch?: Fetch;
}

/** A value with the `ETag` it came with (the game's version, quoted). */
export interface Tagged<T> {
  value: T;
  etag: string | null;
}

type Answer<T> = { data?: T; error?: unknown; response: Response };

/** The value of a success; a ProblemError for an error answer. */
export async function unwrap<T>(call: Promise<Answer<T>>): Promise<Tagged<T>> {
  const { data, error, response } = await call;
  if (!response.ok) throw problemError(error, response);
  return { value: data as T, etag: response.headers.get("ETag") };
}

export class Oanquan {
  /** The typed openapi-fetch client, with the layer's middleware and retries: for any operation. */
  readonly api: Client<paths>;
  #token: string | undefined;
  readonly #options: OanquanOptions;

  constructor(options: OanquanOptions) {
    this.#options = options;
    this.#token = options.token;
    this.api = createClient<paths>({
      baseUrl: options.baseUrl,
      fetch: retryingFetch(options.fetch ?? ((request) => globalThis.fetch(request)), options),
    });
    this.api.use(authAndIdempotency(() => this.#token));
  }

  /** The same server and settings with another token. */
  withToken(token: string): Oanquan {
    return new Oanquan({ ...this.#options, token });
  }

  /** Registers a player; the answer holds their token (see `withToken`). */
  async registerPlayer(name: string): Promise<Schemas["CreatedPlayer"]> {
    return (await unwrap(this.api.POST("/v1/players", { body: { name } }))).value;
  }

  async createGame(game: Schemas["NewGame"] = {}): Promise<Tagged<Game>> {
    return unwrap(this.api.POST("/v1/games", { body: game }));
  }

  async joinGame(id: string): Promise<Tagged<Game>> {
    return unwrap(this.api.POST("/v1/games/{id}/join", { params: { path: { id } } }));
  }

  async getGame(id: string): Promise<Tagged<Game>> {
    return unwrap(this.api.GET("/v1/games/{id}", { params: { path: { id } } }));
  }

  /**
   * Plays a move. With `ifMatch` (an ETag from `getGame` and the like) the
   * move is played only in that version of the game, else 412
   * `precondition_failed`.
   */
  async submitMove(id: string, move: Schemas["MoveInput"], options: { ifMatch?: string | null } = {}): Promise<Tagged<PlayedMove>> {
    const header = options.ifMatch == null ? {} : { "If-Match": options.ifMatch };
    return unwrap(this.api.POST("/v1/games/{id}/moves", { params: { path: { id }, header }, body: move }));
  }

  async leaderboard(preset: Preset, query: LeaderboardQuery = {}): Promise<Schemas["LeaderboardPage"]> {
    return (await unwrap(this.api.GET("/v1/leaderboards/{preset}", { params: { path: { preset }, query } }))).value;
  }

  /** A game's record as JSON (`GET /v1/games/{id}/export?format=json`). */
  async exportRecord(id: string): Promise<Tagged<GameRecord>> {
    const answer = await unwrap(this.api.GET("/v1/games/{id}/export", { params: { path: { id }, query: { format: "json" } } }));
    return { value: answer.value as GameRecord, etag: answer.etag };
  }

  /** A game's record as text (`GET /v1/games/{id}/export.txt`). */
  async exportText(id: string): Promise<Tagged<string>> {
    return unwrap(this.api.GET("/v1/games/{id}/export.txt", { params: { path: { id } }, parseAs: "text" }));
  }

  /**
   * The opening explorer (`GET /v1/explorer`): the finished games that
   * reached a position (`position`, or `play` from the standard start) and
   * each move played from it, with how those games ended.
   */
  async explorer(query: ExplorerQuery = {}): Promise<ExplorerAnswer> {
    const { rules, ...rest } = query;
    const params: ServerExplorerQuery = {
      ...rest,
      ...(rules === undefined ? {} : { rules: typeof rules === "string" ? rules : JSON.stringify(rules) }),
    };
    return (await unwrap(this.api.GET("/v1/explorer", { params: { query: params } }))).value;
  }

  /**
   * Every game passing the filters (by default the finished ones), newest
   * first, as records read one NDJSON line at a time from
   * `GET /v1/games/export` — or, with `player`, from
   * `GET /v1/players/{id}/games/export`. A dropped connection is resumed
   * with `after=` the last record's id: none missed, none twice.
   *
   * ```ts
   * for await (const game of client.exportGames({ rated: true })) console.log(game.id);
   * ```
   */
  exportGames(options: ExportOptions = {}): AsyncGenerator<GameRecord> {
    return exportRecords(
      (path, query, signal) => this.#open(path, query)({ Accept: "application/x-ndjson" }, signal),
      { ...this.#retries(), ...options },
    );
  }

  /** A player's games, as `exportGames({ player, ...options })`. */
  exportPlayerGames(player: string, options: ExportFilters & Omit<ExportOptions, "player"> = {}): AsyncGenerator<GameRecord> {
    return this.exportGames({ ...options, player });
  }

  #retries(): RetryOptions {
    const { maxAttempts, maxRetryWaitMs, retryDelayMs } = this.#options;
    return {
      ...(maxAttempts === undefined ? {} : { maxAttempts }),
      ...(maxRetryWaitMs === undefined ? {} : { maxRetryWaitMs }),
      ...(retryDelayMs === undefined ? {} : { retryDelayMs }),
    };
  }

  #open(path: string, query: Record<string, string> = {}) {
    return async (headers: Record<string, string>, signal: AbortSignal | undefined): Promise<Response> => {
      const url = new URL(path, this.#options.baseUrl.endsWith("/") ? this.#options.baseUrl : `${this.#options.baseUrl}/`);
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
      const request = new Request(url, { headers, ...(signal === undefined ? {} : { signal }) });
      if (this.#token !== undefined) request.headers.set("Authorization", `Bearer ${this.#token}`);
      return (this.#options.fetch ?? ((r: Request) => globalThis.fetch(r)))(request);
    };
  }

  /**
   * A game's stream: without `since` a `snapshot` then every change; with
   * `since` the changes after that version. Reconnects after a drop or a
   * server's stop with `Last-Event-ID` (the last event's version, in SSE
   * and NDJSON alike): none missed, none twice. Ends after the game's final
   * event, at once for a game over with nothing to replay, or when `signal`
   * aborts.
   */
  streamGame(id: string, options: StreamGameOptions = {}): AsyncGenerator<GameStreamEvent> {
    const { since, ...rest } = options;
    return follow<GameStreamEvent>(
      {
        open: this.#open(`v1/games/${encodeURIComponent(id)}/stream`),
        resumeAfter: (event) => String(event.version),
        isFinal: (event) => FINAL_GAME_EVENTS.has(event.type),
      },
      { ...(since === undefined ? {} : { lastEventId: String(since) }), ...rest },
    );
  }

  /**
   * The lobby's stream: a `snapshot` of the waiting games, then `created`,
   * `joined`, `cancelled`, `expired`. Its events carry no id: a
   * reconnection starts from a new snapshot.
   */
  streamLobby(options: FollowOptions = {}): AsyncGenerator<LobbyStreamEvent> {
    return follow<LobbyStreamEvent>(
      { open: this.#open("v1/lobby/stream"), resumeAfter: () => undefined, isFinal: () => false },
      options,
    );
  }

  /**
   * A tournament's stream: a `snapshot` (the tournament view), then
   * `pairing`, `game_ended`, `standings` and, last, `finished`; players
   * entering or withdrawing come as a new `snapshot`. A reconnection starts
   * from a new snapshot (`tournamentGap` tells a message missed;
   * `applyTournamentEvent` keeps a view current). Ends after `finished`, at
   * once for a tournament over whose last version was seen, or when
   * `signal` aborts.
   */
  streamTournament(id: string, options: FollowOptions = {}): AsyncGenerator<TournamentStreamEvent> {
    return follow<TournamentStreamEvent>(
      {
        open: this.#open(`v1/tournaments/${encodeURIComponent(id)}/stream`),
        resumeAfter: (event) => String(event.version),
        isFinal: (event) => event.type === "finished",
      },
      options,
    );
  }

  /**
   * Your own stream (needs a token): a `snapshot`, then `challenge`,
   * `game_started`, `your_turn`, `game_ended`, `webhook_disabled`. A
   * reconnection resumes after the last event's `cursor` (its SSE `id`);
   * an event a resumption tells again (one of another game within the
   * server's margin: the same `type`, `game_id` and `version`, or the same
   * disabled webhook) is dropped.
   */
  async *streamMe(options: FollowOptions = {}): AsyncGenerator<MeStreamEvent> {
    const seen = new RecentKeys(4096);
    const events = follow<MeStreamEvent>(
      { open: this.#open("v1/me/stream"), resumeAfter: (event) => event.cursor, isFinal: () => false },
      options,
    );
    for await (const event of events) {
      if (event.type === "snapshot") seen.clear();
      else if (!seen.add(toldAgainKey(event))) continue;
      yield event;
    }
  }
}

/**
 * What a resumption's repeat of an event has in common with it: its type
 * with its game and version, or a disabled webhook's id and time.
 */
function toldAgainKey(event: Exclude<MeStreamEvent, { type: "snapshot" }>): string {
  return event.type === "webhook_disabled"
    ? `${event.type} ${event.webhook.id} ${event.webhook.disabled_at}`
    : `${event.type} ${event.game_id} ${event.version}`;
}

/** The keys added lately, at most `capacity` of them. */
class RecentKeys {
  readonly #keys = new Set<string>();
  constructor(readonly capacity: number) {}

  /** Adds `key`; whether it was new. */
  add(key: string): boolean {
    if (this.#keys.has(key)) return false;
    this.#keys.add(key);
    if (this.#keys.size > this.capacity) {
      const oldest = this.#keys.values().next();
      if (oldest.done !== true) this.#keys.delete(oldest.value);
    }
    return true;
  }

  clear(): void {
    this.#keys.clear();
  }
}
