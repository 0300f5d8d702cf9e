// Errors of the API as exceptions: every error the server answers is an
// RFC 9457 problem (application/problem+json) with a stable `code`.

import type { components } from "./api.js";

export type Problem = components["schemas"]["Problem"];

/** A problem's code, or `http_<status>` for an error answer that carried no problem (from a proxy, say). */
export type ProblemCode = Problem["code"] | `http_${number}`;

/** An error answer of the API: its problem document, spelled out. */
export class ProblemError extends Error {
  /** The stable machine-readable code (`GET /problems/{code}` describes it). */
  readonly code: ProblemCode;
  /** The HTTP status. */
  readonly status: number;
  /** What went wrong with this request. */
  readonly detail: string;
  readonly title: string;
  /** The `X-Request-Id` of the answer, to quote when reporting it. */
  readonly requestId: string | null;
  /** The problem document; `null` when the answer carried none. */
  readonly problem: Problem | null;

  constructor(
    fields: { code: ProblemCode; status: number; detail: string; title: string; problem: Problem | null },
    requestId: string | null = null,
  ) {
    super(`${fields.status} ${fields.code}: ${fields.detail}`);
    this.name = "ProblemError";
    this.code = fields.code;
    this.status = fields.status;
    this.detail = fields.detail;
    this.title = fields.title;
    this.requestId = requestId;
    this.problem = fields.problem;
  }
}

function isProblem(value: unknown): value is Problem {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === "string" && typeof v.status === "number" && typeof v.detail === "string";
}

/**
 * The exception for an error answer: its problem when the body is one,
 * otherwise one made up from the status (`code` "http_<status>").
 */
export function problemError(body: unknown, response: Response): ProblemError {
  const requestId = response.headers.get("X-Request-Id");
  if (isProblem(body)) return new ProblemError({ ...body, problem: body }, requestId);
  const detail = typeof body === "string" && body !== "" ? body : response.statusText || "no problem document";
  const code = `http_${response.status}` as const;
  return new ProblemError({ code, status: response.status, detail, title: response.statusText, problem: null }, requestId);
}
