// What every request goes through: the bearer token, an Idempotency-Key on
// every write, and bounded retries (network errors, 429, 503) that resend the
// same key, so a write whose answer was lost is answered again instead of
// done twice.

import type { Middleware } from "openapi-fetch";

export type Fetch = (request: Request) => Promise<Response>;

export interface RetryOptions {
  /** Attempts in all, the first included (default 4); 1 never retries. */
  maxAttempts?: number;
  /** The most time spent waiting between attempts, in all (default 30 000 ms). */
  maxRetryWaitMs?: number;
  /** The first pause without a `Retry-After`, doubled at each retry (default 100 ms). */
  retryDelayMs?: number;
}

/** The statuses retried: too many requests, and unavailable (overloaded, too many streams). */
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([429, 503]);

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Sets `Authorization: Bearer` (unless the request has one) and an `Idempotency-Key` on writes. */
export function authAndIdempotency(token: () => string | undefined): Middleware {
  return {
    onRequest({ request }) {
      const bearer = token();
      if (bearer !== undefined && !request.headers.has("Authorization")) {
        request.headers.set("Authorization", `Bearer ${bearer}`);
      }
      if (!SAFE_METHODS.has(request.method) && !request.headers.has("Idempotency-Key")) {
        request.headers.set("Idempotency-Key", crypto.randomUUID());
      }
      return request;
    },
  };
}

/**
 * A `Retry-After` in milliseconds: seconds, or an HTTP date; `undefined`
 * when absent or unreadable.
 */
export function retryAfterMs(response: Response, now: number = Date.now()): number | undefined {
  const value = response.headers.get("Retry-After")?.trim();
  if (value === undefined || value === "") return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The settled retry budget: attempts and total wait. */
export class RetryBudget {
  readonly maxAttempts: number;
  readonly maxWaitMs: number;
  readonly #delayMs: number;
  #attempts = 0;
  #waitedMs = 0;

  constructor(options: RetryOptions = {}) {
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 4);
    this.maxWaitMs = Math.max(0, options.maxRetryWaitMs ?? 30_000);
    this.#delayMs = Math.max(0, options.retryDelayMs ?? 100);
  }

  /** Counts one attempt. */
  attempt(): void {
    this.#attempts++;
  }

  /**
   * The pause before the next attempt (`Retry-After` when the answer gave
   * one, else the doubling delay), or `undefined` when the budget allows no
   * other attempt: no attempts left, or the pause would pass the total wait.
   */
  next(response?: Response): number | undefined {
    if (this.#attempts >= this.maxAttempts) return undefined;
    const asked = response === undefined ? undefined : retryAfterMs(response);
    const pause = asked ?? this.#delayMs * 2 ** Math.max(0, this.#attempts - 1);
    if (this.#waitedMs + pause > this.maxWaitMs) return undefined;
    this.#waitedMs += pause;
    return pause;
  }

  /** Starts counting again (a stream that delivered events reconnects afresh). */
  reset(): void {
    this.#attempts = 0;
    this.#waitedMs = 0;
  }
}

export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((done, fail) => {
    if (signal?.aborted) return fail(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", abort);
      done();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      fail(signal?.reason);
    };
    signal?.addEventListener("abort", abort, { once: true });
  });

/**
 * A fetch that retries a request that is safe to repeat (a read, or a write
 * with an `Idempotency-Key`) on a network error, a 429 or a 503, after the
 * answer's `Retry-After` (else a doubling delay), with the same headers,
 * hence the same key; within `maxAttempts` and `maxRetryWaitMs`, after which
 * the last answer (or error) is the caller's. An aborted request is not
 * retried.
 */
export function retryingFetch(base: Fetch, options: RetryOptions = {}): Fetch {
  return async (request) => {
    const repeatable = SAFE_METHODS.has(request.method) || request.headers.has("Idempotency-Key");
    const budget = new RetryBudget(repeatable ? options : { ...options, maxAttempts: 1 });
    for (;;) {
      budget.attempt();
      let response: Response;
      try {
        response = await base(request.clone());
      } catch (error) {
        const pause = request.signal.aborted ? undefined : budget.next();
        if (pause === undefined) throw error;
        await sleep(pause, request.signal);
        continue;
      }
      if (!RETRIED_STATUSES.has(response.status)) return response;
      const pause = budget.next(response);
      if (pause === undefined) return response;
      await response.body?.cancel();
      await sleep(pause, request.signal);
    }
  };
}
