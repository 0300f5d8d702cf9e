// What every request goes through: the bearer token, an Idempotency-Key on
// every write, and retries (network errors, 503) that resend the same key, so
// a write whose answer was lost is answered again instead of done twice.

import type { Middleware } from "openapi-fetch";

export type Fetch = (request: Request) => Promise<Response>;

export interface RetryOptions {
  /** Retries after the first attempt (default 3). */
  retries?: number;
  /** The first pause, doubled at each retry (default 100 ms); a 503's `Retry-After` wins, up to 5 s. */
  retryDelayMs?: number;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const MAX_RETRY_AFTER_MS = 5_000;

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

function pause(attempt: number, base: number, response?: Response): number {
  const retryAfter = Number(response?.headers.get("Retry-After") ?? Number.NaN);
  if (Number.isFinite(retryAfter) && retryAfter >= 0) return Math.min(retryAfter * 1000, MAX_RETRY_AFTER_MS);
  return base * 2 ** attempt;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * A fetch that retries a request that is safe to repeat (a read, or a write
 * with an `Idempotency-Key`) on a network error or a 503, with the same
 * headers, hence the same key. An aborted request is not retried.
 */
export function retryingFetch(base: Fetch, options: RetryOptions = {}): Fetch {
  const retries = options.retries ?? 3;
  const delay = options.retryDelayMs ?? 100;
  return async (request) => {
    const repeatable = SAFE_METHODS.has(request.method) || request.headers.has("Idempotency-Key");
    for (let attempt = 0; ; attempt++) {
      const last = !repeatable || attempt >= retries;
      let response: Response;
      try {
        response = await base(last ? request : request.clone());
      } catch (error) {
        if (last || request.signal.aborted) throw error;
        await sleep(pause(attempt, delay));
        continue;
      }
      if (response.status !== 503 || last) return response;
      await response.body?.cancel();
      await sleep(pause(attempt, delay, response));
    }
  };
}
