// Bulk export as an async iterator: `GET /v1/games/export` and
// `GET /v1/players/{id}/games/export` read as NDJSON a record at a time
// (the body is never held whole), resumed after a dropped connection with
// `after=<id of the last record received>` and the same filters: none
// missed, none twice.

import type { components, paths } from "./api.js";
import { problemError } from "./errors.js";
import { ndjson } from "./stream.js";
import { RetryBudget, type RetryOptions, RETRIED_STATUSES, sleep } from "./transport.js";

type GameRecord = components["schemas"]["GameRecord"];
type ServerQuery = NonNullable<paths["/v1/games/export"]["get"]["parameters"]["query"]>;

/** The filters of a bulk export (the server's query but `format`, which is always NDJSON here). */
export type ExportFilters = Omit<ServerQuery, "format">;

export interface ExportOptions extends ExportFilters, RetryOptions {
  /** Only this player's games (`GET /v1/players/{id}/games/export`). */
  player?: string;
  /**
   * Reconnect when the connection drops, resuming after the last record
   * received (default true). Attempts that bring no record count against
   * `maxAttempts` and `maxRetryWaitMs`.
   */
  reconnect?: boolean;
  /** Ends the export. */
  signal?: AbortSignal;
}

/** Opens one request of an export: the path and its query. */
export type ExportOpener = (path: string, query: Record<string, string>, signal: AbortSignal | undefined) => Promise<Response>;

/** The query parameters of `options`, as text (what the server reads). */
export function exportQuery(options: ExportFilters): Record<string, string> {
  const query: Record<string, string> = { format: "ndjson" };
  for (const name of ["since", "until", "max", "rated", "preset", "status", "with_moves", "after"] as const) {
    const value = options[name];
    if (value !== undefined) query[name] = String(value);
  }
  return query;
}

/**
 * The records of an export in the server's order (newest first), across
 * reconnections: after a drop the export goes on with `after=` the last
 * record's id and `max` less the records already given. Ends with the
 * export, on an error answer (a `ProblemError`; 429 and 503 are retried
 * after their `Retry-After`), when the budget of attempts that bring no
 * record is spent (the last failure thrown), or quietly when `signal` aborts.
 */
export async function* exportRecords(open: ExportOpener, options: ExportOptions = {}): AsyncGenerator<GameRecord> {
  const { player, reconnect = true, signal, ...filters } = options;
  const path = player === undefined ? "v1/games/export" : `v1/players/${encodeURIComponent(player)}/games/export`;
  const budget = new RetryBudget(reconnect ? options : { ...options, maxAttempts: 1 });
  let after = filters.after;
  let left = filters.max;
  for (;;) {
    if (left !== undefined && left <= 0) return;
    budget.attempt();
    const query = exportQuery({
      ...filters,
      ...(after === undefined ? {} : { after }),
      ...(left === undefined ? {} : { max: left }),
    });
    let dropped: unknown;
    let response: Response | undefined;
    try {
      response = await open(path, query, signal);
    } catch (error) {
      if (signal?.aborted) return;
      dropped = error;
    }
    if (response !== undefined) {
      if (!response.ok) {
        const pause = RETRIED_STATUSES.has(response.status) ? budget.next(response) : undefined;
        if (pause === undefined) {
          const body = await response.json().catch(() => undefined);
          throw problemError(body, response);
        }
        await response.body?.cancel();
        try {
          await sleep(pause, signal);
        } catch {
          return;
        }
        continue;
      }
      if (response.body === null) return;
      try {
        for await (const record of ndjson<GameRecord>(response.body)) {
          after = record.id;
          if (left !== undefined) left--;
          budget.reset();
          yield record;
        }
        // The body ended as the server ends it: the export is done.
        return;
      } catch (error) {
        if (signal?.aborted) return;
        if (error instanceof SyntaxError) throw error;
        dropped = error;
      }
    }
    // Without reconnecting, a drop is the caller's (the budget starts again after each record).
    const pause = reconnect ? budget.next() : undefined;
    if (pause === undefined) throw dropped;
    try {
      await sleep(pause, signal);
    } catch {
      return;
    }
  }
}
