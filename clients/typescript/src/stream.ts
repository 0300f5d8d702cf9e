// The streams' framings, and following a stream across reconnections.
//
// - NDJSON (`application/x-ndjson`): one JSON value a line; an empty line is
//   a heartbeat.
// - Server-sent events (`text/event-stream`): `field: value` lines, an empty
//   line ending an event; `: …` lines are comments (heartbeats, farewells).

import { problemError } from "./errors.js";
import { RetryBudget, type RetryOptions, RETRIED_STATUSES, sleep } from "./transport.js";

/** Lines of a byte stream, without their line ends (`\n`, `\r\n` or `\r`). */
async function* lines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffered = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let end: RegExpExecArray | null;
      // A lone `\r` at the end of the buffer may be the start of `\r\n`.
      while ((end = /\r\n|\n|\r(?!$)/.exec(buffered)) !== null) {
        yield buffered.slice(0, end.index);
        buffered = buffered.slice(end.index + end[0].length);
      }
      if (done) break;
    }
    if (buffered !== "") yield buffered.replace(/\r$/, "");
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** The JSON values of an NDJSON body, in order, skipping heartbeats. */
export async function* ndjson<T>(body: ReadableStream<Uint8Array>): AsyncGenerator<T> {
  for await (const line of lines(body)) {
    if (line.trim() !== "") yield JSON.parse(line) as T;
  }
}

/** One server-sent event, as the 3.2 spec's `itemSchema` of `text/event-stream` describes it. */
export interface ServerSentEvent {
  /** The event's name (`message` when the stream gave none). */
  event: string;
  /** Its data lines, joined by `\n`; `""` for an event that only set `retry`. */
  data: string;
  /** Its `id`, if it had one. */
  id?: string;
  /** The reconnection delay it set, in milliseconds. */
  retry?: number;
}

/** The events of a `text/event-stream` body, comments left out (HTML's parsing rules). */
export async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  let data: string[] = [];
  let event = "";
  let id: string | undefined;
  let retry: number | undefined;
  for await (const line of lines(body)) {
    if (line === "") {
      if (data.length > 0 || retry !== undefined) {
        yield {
          event: event || "message",
          data: data.join("\n"),
          ...(id === undefined ? {} : { id }),
          ...(retry === undefined ? {} : { retry }),
        };
      }
      data = [];
      event = "";
      id = undefined;
      retry = undefined;
      continue;
    }
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
    else if (field === "event") event = value;
    else if (field === "id" && !value.includes("\0")) id = value;
    else if (field === "retry" && /^\d+$/.test(value)) retry = Number(value);
  }
}

/** How a stream is read: server-sent events, or NDJSON. */
export type StreamFormat = "sse" | "ndjson";

export interface FollowOptions extends RetryOptions {
  /** `sse` (the default) or `ndjson`. */
  format?: StreamFormat;
  /**
   * Reconnect when the connection drops or the server stops, resuming with
   * `Last-Event-ID` (default true). Attempts that bring no event count
   * against `maxAttempts` and `maxRetryWaitMs`.
   */
  reconnect?: boolean;
  /** Where to resume from (the `id` of the last event seen), as a reconnection does. */
  lastEventId?: string;
  /** Ends the stream. */
  signal?: AbortSignal;
}

/** What `follow` needs of one stream. */
export interface StreamSource<T> {
  /** Opens the stream, resuming after `lastEventId` when given. */
  open(headers: Record<string, string>, signal: AbortSignal | undefined): Promise<Response>;
  /** Where a reconnection resumes after `event` (its id); `undefined` when it cannot. */
  resumeAfter(event: T, sseId: string | undefined): string | undefined;
  /** Whether `event` is the stream's last (the server ends the stream after it). */
  isFinal(event: T): boolean;
}

/**
 * Follows a stream: its typed events in order, across reconnections (each
 * resuming after the last event seen with `Last-Event-ID`, after the
 * server's `retry` for SSE, or the answer's `Retry-After` for a 429 or
 * 503), until its final event, a 204 (nothing left to replay), an error
 * answer (thrown as a `ProblemError`), the reconnection budget is spent, or
 * `signal` aborts (which ends it quietly).
 */
export async function* follow<T>(source: StreamSource<T>, options: FollowOptions = {}): AsyncGenerator<T> {
  const format = options.format ?? "sse";
  const reconnect = options.reconnect ?? true;
  const budget = new RetryBudget(reconnect ? options : { ...options, maxAttempts: 1 });
  let lastEventId = options.lastEventId;
  let retryMs: number | undefined;
  for (;;) {
    budget.attempt();
    const headers: Record<string, string> = {
      Accept: format === "sse" ? "text/event-stream" : "application/x-ndjson",
    };
    if (lastEventId !== undefined) headers["Last-Event-ID"] = lastEventId;
    let response: Response | undefined;
    let dropped: unknown;
    try {
      response = await source.open(headers, options.signal);
    } catch (error) {
      if (options.signal?.aborted) return;
      dropped = error;
    }
    if (response !== undefined) {
      if (response.status === 204) return;
      if (!response.ok) {
        const pause = RETRIED_STATUSES.has(response.status) ? budget.next(response) : undefined;
        if (pause === undefined) {
          const body = await response.json().catch(() => undefined);
          throw problemError(body, response);
        }
        await response.body?.cancel();
        try {
          await sleep(pause, options.signal);
        } catch {
          return;
        }
        continue;
      }
      if (response.body === null) return;
      try {
        if (format === "sse") {
          for await (const frame of serverSentEvents(response.body)) {
            if (frame.retry !== undefined) retryMs = frame.retry;
            if (frame.data === "") continue;
            const event = JSON.parse(frame.data) as T;
            lastEventId = source.resumeAfter(event, frame.id) ?? lastEventId;
            budget.reset();
            yield event;
            if (source.isFinal(event)) return;
          }
        } else {
          for await (const event of ndjson<T>(response.body)) {
            lastEventId = source.resumeAfter(event, undefined) ?? lastEventId;
            budget.reset();
            yield event;
            if (source.isFinal(event)) return;
          }
        }
      } catch (error) {
        if (options.signal?.aborted) return;
        if (error instanceof SyntaxError) throw error;
        dropped = error;
      }
    }
    // The connection ended (or failed) before the stream's final event.
    const pause = budget.next();
    if (pause === undefined) {
      if (dropped !== undefined) throw dropped;
      return;
    }
    // SSE: the server's `retry`, as `EventSource` waits.
    try {
      await sleep(retryMs ?? pause, options.signal);
    } catch {
      return;
    }
  }
}
