// The HTTP client: JSON in and out, the bearer token, ETags, and problems
// (RFC 9457) turned into ApiError with the server's stable `code`.

import { reportFailure, reportSuccess } from "./connection.js";
import { currentToken } from "./session-token.js";

/** @typedef {import("../../types/models").Problem} Problem */

export class ApiError extends Error {
  /**
   * @param {number} status 0 when the server could not be reached
   * @param {string} code the problem's `code`, or "network"
   * @param {string} detail
   */
  constructor(status, code, detail) {
    super(detail);
    this.status = status;
    this.code = code;
    this.detail = detail;
  }
}

/**
 * @typedef {object} RequestOptions
 * @property {unknown} [json] a body, sent as JSON
 * @property {string} [text] a body, sent as text/plain
 * @property {boolean} [auth] send the bearer token
 * @property {string} [token] send this token instead of the session's
 * @property {string | null} [ifNoneMatch] an ETag: 304 answers `{notModified: true}`
 * @property {string} [accept]
 * @property {boolean} [idempotent] send a fresh Idempotency-Key (safe to retry)
 * @property {string} [idempotencyKey] send this Idempotency-Key (a retry of the same request)
 */

/**
 * @template T
 * @typedef {{ status: number, data: T, etag: string | null, date: string | null, notModified: false } | { status: 304, data: null, etag: string | null, date: string | null, notModified: true }} ApiResponse
 */

/** A random key (crypto.randomUUID needs a secure context; this does not). */
export function randomKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * @template T
 * @param {string} method
 * @param {string} path
 * @param {RequestOptions} [options]
 * @returns {Promise<ApiResponse<T>>}
 */
export async function request(method, path, options = {}) {
  /** @type {Record<string, string>} */
  const headers = { accept: options.accept ?? "application/json" };
  /** @type {string | undefined} */
  let body;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.text !== undefined) {
    headers["content-type"] = "text/plain; charset=utf-8";
    body = options.text;
  }
  const token = options.token ?? (options.auth ? currentToken() : null);
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.ifNoneMatch) headers["if-none-match"] = options.ifNoneMatch;
  if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
  else if (options.idempotent) headers["idempotency-key"] = randomKey();

  /** @type {Response} */
  let response;
  try {
    response = await fetch(path, { method, headers, body, cache: "no-cache" });
  } catch (error) {
    reportFailure();
    throw new ApiError(0, "network", error instanceof Error ? error.message : String(error));
  }
  reportSuccess();
  const etag = response.headers.get("etag");
  const date = response.headers.get("date");
  if (response.status === 304) return { status: 304, data: null, etag, date, notModified: true };
  const type = response.headers.get("content-type") ?? "";
  if (!response.ok) {
    if (type.startsWith("application/problem+json")) {
      const problem = /** @type {Problem} */ (await response.json());
      throw new ApiError(response.status, problem.code, problem.detail ?? problem.title);
    }
    throw new ApiError(response.status, "http", response.statusText);
  }
  const data = type.includes("json") ? await response.json() : await response.text();
  return { status: response.status, data: /** @type {T} */ (data), etag, date, notModified: false };
}

/**
 * GET `path` and return the body.
 * @template T
 * @param {string} path
 * @param {RequestOptions} [options]
 * @returns {Promise<T>}
 */
export async function getJson(path, options) {
  const response = await request("GET", path, options);
  return /** @type {T} */ (response.data);
}

/**
 * A query string of the defined values.
 * @param {Record<string, string | number | boolean | null | undefined>} params
 */
export function query(params) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
