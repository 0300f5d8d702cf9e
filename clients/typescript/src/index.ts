// The oanquan client: the generated types (./api.js, from openapi-typescript)
// over openapi-fetch, plus a thin layer: bearer token, ETag / If-Match,
// Idempotency-Key with retries, problem+json errors as ProblemError, and the
// game stream as an async iterator.

import createClient, { type Client } from "openapi-fetch";

import type { components, paths } from "./api.js";
import { problemError } from "./errors.js";
import { ndjson } from "./stream.js";
import { authAndIdempotency, type Fetch, retryingFetch, type RetryOptions } from "./transport.js";

export type { components, paths } from "./api.js";
export { ProblemError, type Problem, type ProblemCode } from "./errors.js";
export { ndjson } from "./stream.js";
export { type Fetch, type RetryOptions } from "./transport.js";

export type Schemas = components["schemas"];
export type Game = Schemas["GameView"];
export type PlayedMove = Schemas["PlayedMove"];
export type GameStreamEvent = Schemas["GameStreamEvent"];
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

  /**
   * The game's stream (NDJSON): without `since` a `snapshot` then every
   * change; with `since` the changes after that version. Ends after the
   * game's final event, or when `signal` aborts.
   */
  async *streamGame(id: string, options: { since?: number; signal?: AbortSignal } = {}): AsyncGenerator<GameStreamEvent> {
    const query = options.since === undefined ? {} : { since: options.since };
    const { data, error, response } = await this.api.GET("/v1/games/{id}/stream", {
      params: { path: { id }, query },
      headers: { Accept: "application/x-ndjson" },
      parseAs: "stream",
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    if (!response.ok) throw problemError(error, response);
    if (response.status === 204 || data == null) return;
    yield* ndjson<GameStreamEvent>(data);
  }
}
