// Verifying the server's webhook deliveries (Standard Webhooks): each carries
// `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64
// HMAC-SHA256>` of `<id>.<timestamp>.<body>`, keyed with the base64-decoded
// part of the endpoint's secret after `whsec_`.

import { createHmac, timingSafeEqual } from "node:crypto";

const SECRET_PREFIX = "whsec_";
/** How far a delivery's timestamp may be from the receiver's clock, seconds. */
export const DEFAULT_TOLERANCE_S = 300;

/** A delivery that is not signed with the secret, or too old or new. */
export class WebhookVerificationError extends Error {
  override name = "WebhookVerificationError";
}

/** The `webhook-signature` of a message: `v1,<base64 HMAC-SHA256>`. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string | Uint8Array): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
  const mac = createHmac("sha256", key);
  mac.update(`${id}.${timestamp}.`);
  mac.update(body);
  return `v1,${mac.digest("base64")}`;
}

export interface VerifyOptions {
  /** Seconds the timestamp may be from `nowS` (default 300). */
  toleranceS?: number;
  /** The receiver's clock, Unix seconds (default: now). */
  nowS?: number;
}

/** Headers as a `Headers` object or a plain record (any case). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

function header(headers: WebhookHeaders, name: string): string {
  if (headers instanceof Headers) {
    const value = headers.get(name);
    if (value !== null) return value;
  } else {
    for (const [key, value] of Object.entries(headers)) {
      if (key.toLowerCase() === name && value !== undefined) return Array.isArray(value) ? value.join(" ") : value;
    }
  }
  throw new WebhookVerificationError(`missing header ${name}`);
}

/**
 * Checks a delivery's signature and timestamp; its JSON body. Throws
 * {@link WebhookVerificationError} when a header is missing, the timestamp is
 * too far from the clock, or no `v1` signature of the header matches.
 */
export function verifyWebhook(secret: string, headers: WebhookHeaders, body: string, options: VerifyOptions = {}): unknown {
  const id = header(headers, "webhook-id");
  const timestamp = Number(header(headers, "webhook-timestamp"));
  if (!Number.isInteger(timestamp)) throw new WebhookVerificationError("webhook-timestamp is not a number");
  const now = options.nowS ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceS ?? DEFAULT_TOLERANCE_S)) {
    throw new WebhookVerificationError("webhook-timestamp is too far from the clock");
  }
  const expected = Buffer.from(signWebhook(secret, id, timestamp, body));
  for (const signature of header(headers, "webhook-signature").split(" ")) {
    const given = Buffer.from(signature.trim());
    if (given.length === expected.length && timingSafeEqual(given, expected)) return JSON.parse(body) as unknown;
  }
  throw new WebhookVerificationError("no signature matches");
}
