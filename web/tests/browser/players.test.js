// The page as players meet it, on a server of its own: a spectator keeping
// up with moves 300 ms apart; the page's own HTML 404, also for a path
// whose escapes are not UTF-8; `?lang=`; axe-core
// on every page kind at both widths; a lost connection said and a move
// made meanwhile sent once it is back; the focus kept on the board, the
// replay's arrow keys; the rating change and a rematch; the games being
// played listed in the lobby; a challenge by name, also when chosen
// before the page knew what the server offers.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

import { DESKTOP, launchBrowser, openPage, PHONE, recordPlies, recordedPlies, seededRandom, startServer, waitForPly } from "./harness.js";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
/** @type {import("playwright-core").Browser} */
let browser;
/** @type {Awaited<ReturnType<typeof openPage>>[]} */
const pages = [];
const suffix = Math.random().toString(36).slice(2, 7);
/** @type {Record<"a" | "b", { id: string, token: string, name: string }>} */
const players = /** @type {any} */ ({});
/** The game the spectator followed: rated, ended by resignation (or over the board). */
let followed = "";
/** A game in progress, the first player (south) to move. */
let live = "";

/**
 * The API as a player (or anonymously).
 * @param {string} method @param {string} path @param {{ token?: string, body?: unknown }} [options]
 */
async function call(method, path, options = {}) {
  /** @type {Record<string, string>} */
  const headers = { accept: "application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(server.base + path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** A game between a (south, first) and b, joined by b. @param {object} [extra] */
async function newGame(extra = {}) {
  const game = await call("POST", "/v1/games", {
    token: players.a.token,
    body: { opponent: players.b.id, seat: "south", first: "south", rated: false, ...extra },
  });
  await call("POST", `/v1/games/${game.id}/join`, { token: players.b.token });
  return /** @type {string} */ (game.id);
}

/**
 * A page signed in as `who` (its token in the page's storage before any script runs).
 * @param {{ width: number, height: number }} viewport @param {string} name @param {"a" | "b" | null} who
 */
async function page(viewport, name, who, options = {}) {
  const opened = await openPage(browser, viewport, name, options);
  if (who) await opened.context.addInitScript((token) => localStorage.setItem("oanquan.token", token), players[who].token);
  pages.push(opened);
  return opened;
}

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  for (const who of /** @type {const} */ (["a", "b"])) {
    const name = `${who === "a" ? "Hạnh" : "Tomasz"} ${suffix}`;
    const created = await call("POST", "/v1/players", { body: { name } });
    players[who] = { id: created.id, token: created.token, name };
    // Established players, so that their rated game moves both ratings.
    server.anchor(created.id);
  }
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test("a spectator shows each move within 1.5 s when they come 300 ms apart, and the result within 3 s", async () => {
  const MOVES = 30;
  const GAP_MS = 300;
  followed = await newGame({ rated: true, clock: { initial_s: 300, increment_s: 0 } });
  const { page: p } = await page(DESKTOP, "spectator", null);
  await p.goto(`${server.base}/games/${followed}`);
  await p.waitForSelector('[data-status="active"][data-feed="stream"]');
  await recordPlies(p);
  const random = seededRandom(7);
  /** @type {Map<number, number>} when the move that leads to each ply was answered */
  const played = new Map();
  let game = await call("GET", `/v1/games/${followed}`);
  let ended = 0;
  for (let i = 0; i < MOVES && game.status === "active"; i++) {
    const started = Date.now();
    const token = game.to_move === "south" ? players.a.token : players.b.token;
    const move = game.legal_moves[Math.floor(random() * game.legal_moves.length)];
    ({ game } = await call("POST", `/v1/games/${followed}/moves`, { token, body: { move, ply: game.ply } }));
    played.set(game.ply, (ended = Date.now()));
    if (game.status !== "active") break;
    await new Promise((done) => setTimeout(done, Math.max(0, GAP_MS - (Date.now() - started))));
  }
  // Unless it ended over the board, south resigns.
  if (game.status === "active") {
    await call("POST", `/v1/games/${followed}/resign`, { token: players.a.token });
    ended = Date.now();
  }
  await p.waitForSelector('[data-status="finished"]', { timeout: 10_000 });
  const records = /** @type {(Awaited<ReturnType<typeof recordedPlies>>[number] & { at: number })[]} */ (await recordedPlies(p));
  /** @type {number[]} */
  const lags = [];
  for (const [ply, at] of played) {
    const shown = records.find((r) => r.ply === ply);
    assert.ok(shown, `ply ${ply} was shown`);
    lags.push(shown.at - at);
  }
  const finished = records.find((r) => r.status === "finished");
  assert.ok(finished, "the result was shown");
  const resultLag = finished.at - ended;
  const worst = Math.max(...lags);
  console.log(`# spectator: ${lags.length} moves ${GAP_MS} ms apart, shown after ${Math.min(...lags)}–${worst} ms (mean ${Math.round(lags.reduce((a, b) => a + b, 0) / lags.length)} ms); the result after ${resultLag} ms`);
  assert.ok(worst <= 1500, `every move shown within 1.5 s (worst ${worst} ms)`);
  assert.ok(resultLag <= 3000, `the result shown within 3 s (${resultLag} ms)`);
});

test("an unknown path opened by a browser is the page's own HTML 404; the API's clients keep JSON", async () => {
  const html = await fetch(`${server.base}/no/such/page`, { headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
  assert.equal(html.status, 404);
  assert.match(html.headers.get("content-type") ?? "", /^text\/html/);
  for (const [path, accept] of [["/no/such/page", "*/*"], ["/no/such/page", "application/json"], ["/v1/nothing", "text/html"]]) {
    const response = await fetch(`${server.base}${path}`, { headers: { accept } });
    assert.equal(response.status, 404, path);
    assert.match(response.headers.get("content-type") ?? "", /^application\/problem\+json/, `${path} with Accept: ${accept}`);
  }
  const { page: p } = await page(PHONE, "not found", null);
  const response = await p.goto(`${server.base}/no/such/page`);
  assert.equal(response?.status(), 404);
  await p.getByRole("heading", { name: "Not found" }).waitFor();
});

test("a path whose escapes are not UTF-8 shows the not-found screen, not a blank page", async () => {
  const { page: p, errors } = await page(PHONE, "not found", null);
  for (const path of ["/games/%E0%A4%A", "/players/%FF"]) {
    await p.goto(`${server.base}${path}`);
    await p.getByRole("heading", { name: "Not found" }).waitFor();
    assert.ok(!errors.some((error) => error.includes("page error")), `${path}: ${errors.join("; ")}`);
  }
});

test("?lang=vi|en|pl|bn sets <html lang>, is kept afterwards, and Bengali gets a font for its script", async () => {
  const { page: p } = await page(DESKTOP, "languages", null);
  for (const [lang, heading] of [["pl", "Nowa partia"], ["vi", "Ván mới"], ["en", "New game"], ["bn", "নতুন খেলা"]]) {
    await p.goto(`${server.base}/?lang=${lang}`);
    assert.equal(await p.getAttribute("html", "lang"), lang);
    await p.getByRole("heading", { name: heading }).waitFor();
  }
  await p.goto(`${server.base}/how-to-play`);
  assert.equal(await p.getAttribute("html", "lang"), "bn", "the last choice is kept");
  assert.match(await p.evaluate(() => getComputedStyle(document.body).fontFamily), /Noto Sans Bengali/);
  await p.locator('[data-language="pl"]').click();
  assert.equal(await p.getAttribute("html", "lang"), "pl");
  await p.getByRole("heading", { name: "Jak grać" }).waitFor();
});

test("axe-core finds no serious or critical violation on any page kind, at 1280 and 375 px", async () => {
  live = await newGame();
  const paths = {
    lobby: "/",
    "live game": `/games/${live}`,
    replay: `/games/${followed}?ply=5`,
    leaderboard: "/leaderboards/classic?provisional=1",
    player: `/players/${players.a.id}`,
    "how to play": "/how-to-play?preset=village",
    "not found": "/no/such/page",
  };
  /** @type {string[]} */
  const found = [];
  for (const viewport of [DESKTOP, PHONE]) {
    // Axe is injected, which the page's policy forbids: a context that bypasses it (tests only).
    const { page: p } = await page(viewport, `axe ${viewport.width}`, "a", { bypassCSP: true });
    for (const [kind, path] of Object.entries(paths)) {
      await p.goto(`${server.base}${path}`);
      // Every part of the page loaded (no "Loading…" left), the board if there is one.
      await p.waitForFunction(() => document.querySelector("main section") && !document.querySelector("main")?.textContent?.includes("Loading…"));
      if (kind.includes("game") || kind === "replay") await p.waitForSelector("[data-status]");
      await p.addScriptTag({ path: AXE });
      const violations = await p.evaluate(async () => {
        const results = await /** @type {any} */ (window).axe.run(document, { resultTypes: ["violations"] });
        return results.violations
          .filter((/** @type {any} */ v) => v.impact === "serious" || v.impact === "critical")
          .map((/** @type {any} */ v) => `${v.id} (${v.impact}): ${v.nodes.map((/** @type {any} */ n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
      });
      for (const violation of violations) found.push(`${kind} at ${viewport.width} px: ${violation}`);
    }
  }
  assert.deepEqual(found, []);
});

test("a lost connection is said; a move made meanwhile is sent once the server answers again", async () => {
  const { page: p, context } = await page(DESKTOP, "offline player", "a");
  await p.goto(`${server.base}/games/${live}`);
  await p.getByLabel("Animation").selectOption("instant");
  await waitForPly(p, 1);
  await p.waitForSelector('[data-move]:not([disabled])');
  await context.setOffline(true);
  const move = (await call("GET", `/v1/games/${live}`)).legal_moves[0];
  await p.locator(`[data-move="${move}"]`).click();
  await p.waitForSelector('[data-connection="reconnecting"]');
  assert.match(await p.locator(".status-line").textContent() ?? "", new RegExp(`${move} could not reach the server`));
  assert.equal((await call("GET", `/v1/games/${live}`)).ply, 1, "nothing reached the server");
  await context.setOffline(false);
  await p.waitForSelector('[data-connection="back"]', { timeout: 10_000 });
  await waitForPly(p, 2);
  const game = await call("GET", `/v1/games/${live}`);
  assert.equal(game.ply, 2, "the move was sent once");
  assert.equal(game.moves_played, 1);
});

test("the focus stays on the board after a move and comes back to a control on the next turn", async () => {
  const { page: p } = await page(DESKTOP, "keyboard player", "b");
  await p.goto(`${server.base}/games/${live}`);
  await p.getByLabel("Animation").selectOption("instant");
  await waitForPly(p, 2);
  const legal = (await call("GET", `/v1/games/${live}`)).legal_moves;
  await p.locator(`[data-move="${legal[0]}"]`).focus();
  await p.keyboard.press("Enter");
  await waitForPly(p, 3);
  const inControls = () => p.evaluate(() => Boolean(document.activeElement?.closest(".controls")));
  assert.ok(await inControls(), "the focus is on the controls after the move");
  // The other side answers; the focus is on an enabled control again.
  const game = await call("GET", `/v1/games/${live}`);
  await call("POST", `/v1/games/${live}/moves`, { token: players.a.token, body: { move: game.legal_moves[0], ply: game.ply } });
  await waitForPly(p, 4);
  await p.waitForFunction(() => document.activeElement?.matches("[data-move]:not([disabled])") ?? false);
});

test("a replay steps with the arrow keys; the rating change shows, and a rematch keeps the seat for the opponent", async () => {
  const { page: p } = await page(PHONE, "after the game", "a");
  await p.goto(`${server.base}/games/${followed}`);
  await p.waitForSelector('[data-status="finished"]');
  await p.keyboard.press("Home");
  await waitForPly(p, 1);
  await p.keyboard.press("ArrowRight");
  await waitForPly(p, 2);
  await p.keyboard.press("ArrowRight");
  await waitForPly(p, 3);
  await p.keyboard.press("ArrowLeft");
  await waitForPly(p, 2);
  assert.match(p.url(), /\?ply=1$/);

  await p.waitForSelector('[data-rating-change="south"]', { timeout: 10_000 });
  await p.waitForSelector('[data-rating-change="north"]', { timeout: 10_000 });
  const history = await call("GET", `/v1/players/${players.a.id}/rating-history?preset=classic`);
  const change = history.changes.find((/** @type {any} */ c) => c.game_id === followed);
  assert.ok(change, "the game changed the rating");
  assert.match(await p.locator('[data-rating-change="south"]').textContent() ?? "", new RegExp(`${Math.round(change.rating_before)} → ${Math.round(change.rating_after)}`));

  const original = await call("GET", `/v1/games/${followed}`);
  await p.locator("[data-rematch]").click();
  await p.waitForURL((url) => /\/games\/\w+$/.test(url.pathname) && !url.pathname.endsWith(followed));
  const rematch = await call("GET", `/v1/games/${new URL(p.url()).pathname.split("/").pop()}`);
  assert.equal(rematch.status, "waiting");
  assert.equal(rematch.reserved_for?.id, players.b.id, "the seat is kept for the same opponent");
  assert.equal(rematch.players.south?.id, players.a.id);
  assert.equal(rematch.first, original.first === "south" ? "north" : "south", "the other side moves first");
  assert.deepEqual(rematch.time_control, original.time_control);
  await p.locator("[data-share-url]").waitFor();
});

test("the lobby lists the games being played, to watch; the tab says whose turn it is; a swipe plays", async () => {
  const { page: p } = await page(PHONE, "lobby", "b");
  await p.goto(`${server.base}/`);
  await p.locator(`[data-live-game="${live}"] a`).click();
  await p.waitForURL(new RegExp(`/games/${live}$`));
  await waitForPly(p, 4);
  await p.waitForFunction(() => document.title.startsWith("(Your turn)"));

  // On a touch screen, a square of one's own swiped sideways is played that way.
  const game = await call("GET", `/v1/games/${live}`);
  const move = /** @type {string} */ (game.legal_moves.find((/** @type {string} */ m) => m.endsWith("R")) ?? game.legal_moves[0]);
  const square = (game.to_move === "south" ? 0 : 6) + Number(move[0]);
  /** @param {"pointerdown" | "pointermove" | "pointerup"} type @param {number} dx */
  const touch = (type, dx) =>
    p.evaluate(({ square, type, dx }) => {
      const element = /** @type {HTMLElement} */ (document.querySelector(`[data-square="${square}"]`));
      const box = element.getBoundingClientRect();
      const at = { bubbles: true, pointerType: "touch", isPrimary: true, clientX: box.x + box.width / 2 + dx, clientY: box.y + box.height / 2 };
      element.dispatchEvent(new PointerEvent(type, at));
    }, { square, type, dx });
  const dx = move.endsWith("R") ? 60 : -60;
  await touch("pointerdown", 0);
  await touch("pointermove", dx);
  await p.waitForSelector('[data-preview="path"]');
  await touch("pointerup", dx);
  await waitForPly(p, 5);
  const moves = await call("GET", `/v1/games/${live}/moves`);
  assert.equal(moves.moves.at(-1).notation, move, "the swipe played the move");
  await p.waitForFunction(() => !document.title.startsWith("(Your turn)"));
});

test("a friend challenged by name, typed in another case, gets the seat; a name no one has is said", async () => {
  const { page: p } = await page(DESKTOP, "challenge by name", "a");
  await p.goto(`${server.base}/`);
  await p.locator('input[name="opponent-kind"][value="player"]').check();
  const field = p.locator("[data-opponent]");
  const submit = p.locator("form.create-game button[type=submit]");
  await field.fill(`Nobody ${suffix}`);
  await submit.click();
  await p.locator("[data-no-such-player]").waitFor();
  assert.match(p.url(), /\/$/, "no game was made");

  await field.fill(players.b.name.toUpperCase());
  assert.equal(await p.locator("[data-no-such-player]").count(), 0, "typing clears the message");
  await submit.click();
  await p.waitForURL(/\/games\/\w+$/);
  await p.waitForSelector('[data-status="waiting"]');
  const id = new URL(p.url()).pathname.split("/").pop() ?? "";
  const game = await call("GET", `/v1/games/${id}`);
  assert.equal(game.reserved_for?.id, players.b.id, "the seat is kept for the player named");
  await call("POST", `/v1/games/${id}/cancel`, { token: players.a.token });
});

test("what a player chose in the form before the server's capabilities arrived is kept", async () => {
  const { page: p } = await page(DESKTOP, "challenge before capabilities", "a");
  /** @type {(value?: unknown) => void} */
  let release = () => {};
  const held = new Promise((resolve) => (release = resolve));
  await p.route("**/openapi.json", async (route) => {
    await held;
    await route.continue();
  });
  await p.goto(`${server.base}/`);
  await p.locator('input[name="opponent-kind"][value="player"]').check();
  await p.locator("[data-opponent]").fill(players.b.name);
  release();
  // The bots' choice appears once the capabilities say the server has bots.
  await p.locator('input[name="opponent-kind"][value="bot"]').waitFor();
  assert.equal(await p.locator('input[name="opponent-kind"][value="player"]').isChecked(), true, "the kind chosen is kept");
  assert.equal(await p.locator("[data-opponent]").inputValue(), players.b.name, "the name typed is kept");
});

test("no page logged an error", () => {
  const expected = [
    // Requests refused while offline.
    /^offline player: console: Failed to load resource: net::ERR_INTERNET_DISCONNECTED/,
    // The not-found page's own status.
    /^(not found|axe \d+): console: Failed to load resource: the server responded with a status of 404/,
  ];
  const errors = pages.flatMap((p) => p.errors).filter((e) => !expected.some((pattern) => pattern.test(e)));
  assert.deepEqual(errors, []);
});
