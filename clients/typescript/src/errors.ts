// Errors of the API as exceptions: every error the server answers is an
// RFC 9457 problem (application/problem+json) with a stable `code`.

import type { components } from "./api.js";

export type Problem = components["schemas"]["Problem"];

/** An error answer of the API: its problem document, spelled out. */
export class ProblemError extends Error {
  /** The stable machine-readable code (`GET /problems/{code}` describes it). */
  readonly code: string;
  /** The HTTP status. */
  readonly status: number;
  /** What went wrong with this request. */
  readonly detail: string;
  readonly title: string;
  /** The `X-Request-Id` of the answer, to quote when reporting it. */
  readonly requestId: string | null;
  readonly problem: Problem;

  constructor(problem: Problem, requestId: string | null = null) {
    super(`${problem.status} ${problem.code}: ${problem.detail}`);
    this.name = "ProblemError";
    this.code = problem.code;
    this.status = problem.status;
    this.detail = problem.detail;
    this.title = problem.title;
    this.requestId = requestId;
    this.problem = problem;
  }
}

function isProblem(value: unknown): value is Problem {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === "string" && typeof v.status === "number" && typeof v.detail === "string";
}

/**
 * The exception for an error answer: its problem when the body is one,
 * otherwise a problem made up from the status (`code` "http_<status>"),
 * which a proxy in front of the server may produce.
 */
export function problemError(body: unknown, response: Response): ProblemError {
  const requestId = response.headers.get("X-Request-Id");
  if (isProblem(body)) return new ProblemError(body, requestId);
  const detail = typeof body === "string" && body !== "" ? body : response.statusText || "no problem document";
  return new ProblemError(
    { type: "about:blank", title: response.statusText, status: response.status, code: `http_${response.status}`, detail },
    requestId,
  );
}
