// A page on another origin calls the API from Chromium:
// from an origin the server allows (`OANQUAN_CORS_ALLOWED_ORIGINS`) the
// preflighted requests — JSON bodies, `Authorization`, `Idempotency-Key`,
// `If-None-Match` — go through and the page's script reads the exposed
// `ETag`, `Location` and `X-Request-Id`; from any other origin the browser
// refuses to hand the answer to the page.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";

import { DESKTOP, launchBrowser, openPage, startServer } from "./harness.js";

/**
 * A page server of its own on a free port: an empty page at every path.
 * @returns {Promise<{ origin: string, close: () => Promise<void> }>}
 */
async function pageServer() {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end("<!doctype html><title>another site</title><p>another site</p>");
  });
  await new Promise((listening) => server.listen(0, "127.0.0.1", () => listening(null)));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

/** @type {Awaited<ReturnType<typeof pageServer>>} */
let allowed;
/** @type {Awaited<ReturnType<typeof pageServer>>} */
let other;
/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
/** @type {import("playwright-core").Browser} */
let browser;

before(async () => {
  allowed = await pageServer();
  other = await pageServer();
  server = await startServer({ OANQUAN_CORS_ALLOWED_ORIGINS: allowed.origin });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await allowed?.close();
  await other?.close();
});

test("a page on an allowed origin registers, creates a game and reads the exposed headers", async () => {
  const { page, context } = await openPage(browser, DESKTOP, "allowed");
  await page.goto(`${allowed.origin}/`);
  const seen = await page.evaluate(async (base) => {
    const registered = await fetch(`${base}/v1/players`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
      body: JSON.stringify({ name: "Cors" }),
    });
    const player = await registered.json();
    const created = await fetch(`${base}/v1/games`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${player.token}` },
      body: JSON.stringify({ seat: "south" }),
    });
    const game = await created.json();
    const etag = created.headers.get("etag") ?? "";
    const again = await fetch(`${base}/v1/games/${game.id}`, { headers: { "if-none-match": etag } });
    return {
      registered: registered.status,
      created: created.status,
      location: created.headers.get("location"),
      etag,
      requestId: created.headers.get("x-request-id"),
      id: game.id,
      again: again.status,
    };
  }, server.base);
  assert.equal(seen.registered, 201);
  assert.equal(seen.created, 201);
  assert.equal(seen.location, `/v1/games/${seen.id}`);
  assert.match(seen.etag, /^"\d+"$/);
  assert.match(seen.requestId ?? "", /\S{8,}/);
  assert.equal(seen.again, 304);
  await context.close();
});

test("a page on another origin cannot read the API", async () => {
  const { page, context } = await openPage(browser, DESKTOP, "other");
  await page.goto(`${other.origin}/`);
  const outcome = await page.evaluate(async (base) => {
    try {
      const response = await fetch(`${base}/v1/games`);
      return `read ${response.status}`;
    } catch (error) {
      return `refused: ${error instanceof Error ? error.name : error}`;
    }
  }, server.base);
  assert.equal(outcome, "refused: TypeError");
  await context.close();
});
