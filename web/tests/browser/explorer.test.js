// The opening explorer beside a replay, and a player's games downloaded.
// Three games are played over the API with chosen openings (3R 2L, 3R 4R,
// 1L); the replay's explorer counts them at the start, follows the board a
// move on, explores a move off the game's line (the board shows the
// position the other game reached) and comes back; the filters narrow the
// counts; the player's page downloads an NDJSON file holding those games.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";

import { api, assertBoardIs, DESKTOP, launchBrowser, openPage, startServer, waitForPly } from "./harness.js";

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
/** @type {import("playwright-core").Browser} */
let browser;
/** @type {ReturnType<typeof api>} */
let http;
/** @type {Awaited<ReturnType<typeof openPage>>[]} */
const pages = [];
const suffix = Math.random().toString(36).slice(2, 7);
/** @type {Record<"south" | "north", { id: string, token: string }>} */
const players = /** @type {any} */ ({});
/** The games played, by opening. @type {Record<string, string>} */
const games = {};

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

/**
 * Plays a classic game to its end: `opening` first, then a fixed choice of the legal moves.
 * @param {string[]} opening
 */
async function playGame(opening) {
  const created = await call("POST", "/v1/games", {
    token: players.south.token,
    body: { opponent: players.north.id, seat: "south", first: "south", rated: false, rules: { preset: "classic" } },
  });
  await call("POST", `/v1/games/${created.id}/join`, { token: players.north.token });
  for (;;) {
    const game = await call("GET", `/v1/games/${created.id}`);
    if (game.status !== "active") break;
    const move = opening[game.moves_played] ?? game.legal_moves[(game.ply * 7) % game.legal_moves.length];
    await call("POST", `/v1/games/${created.id}/moves`, { token: players[/** @type {"south" | "north"} */ (game.to_move)].token, body: { move, ply: game.ply } });
  }
  return /** @type {string} */ (created.id);
}

before(async () => {
  server = await startServer();
  http = api(server.base);
  browser = await launchBrowser();
  for (const seat of /** @type {const} */ (["south", "north"])) {
    const created = await call("POST", "/v1/players", { body: { name: `${seat === "south" ? "Thu" : "Kasia"} ${suffix}` } });
    players[seat] = { id: created.id, token: created.token };
  }
  games["3R 2L"] = await playGame(["3R", "2L"]);
  games["3R 4R"] = await playGame(["3R", "4R"]);
  games["1L"] = await playGame(["1L"]);
});

after(async () => {
  for (const { name, errors } of pages) assert.deepEqual(errors, [], `${name}: no console errors`);
  await browser?.close();
  await server?.stop();
});

/**
 * Waits until the explorer shows its answer for `position`; what it says.
 * @param {import("playwright-core").Page} p
 * @param {string} position
 */
async function explorerAt(p, position) {
  await p.waitForSelector(`[data-testid="explorer"][aria-busy="false"][data-position="${position}"]`);
  return p.evaluate(() => {
    const panel = document.querySelector('[data-testid="explorer"]');
    const rows = [...document.querySelectorAll('[data-testid="explorer-move"]')].map((row) => ({
      move: row.getAttribute("data-explorer-move"),
      games: Number(row.getAttribute("data-games")),
      results: Number(row.getAttribute("data-south-wins")) + Number(row.getAttribute("data-north-wins")) + Number(row.getAttribute("data-draws")),
      next: row.getAttribute("data-next") === "true",
    }));
    const recent = [...document.querySelectorAll('[data-testid="explorer-recent"] a')].map((a) => a.getAttribute("href"));
    return { games: Number(panel?.getAttribute("data-games")), rows, recent };
  });
}

test("the replay's explorer counts the games at each position and follows the board", async () => {
  const { page: p, errors } = await openPage(browser, DESKTOP, "replay");
  pages.push({ page: p, errors, name: "replay" });
  const id = games["3R 2L"];
  const game = await http.game(id);
  const { moves } = await http.moves(id);
  await p.goto(`${server.base}/games/${id}?ply=0`);
  await waitForPly(p, 1);

  const start = await explorerAt(p, game.start_position);
  assert.equal(start.games, 3, "three finished games from the start");
  assert.deepEqual(start.rows.map(({ move, games: n, results, next }) => ({ move, n, results, next })), [
    { move: "3R", n: 2, results: 2, next: true },
    { move: "1L", n: 1, results: 1, next: false },
  ]);
  assert.deepEqual([...start.recent].sort(), Object.values(games).map((g) => `/games/${g}`).sort(), "each game listed, linked to its replay");
  assert.match((await p.locator('[data-testid="explorer-total"]').textContent()) ?? "", /^3 games reached this position:/);

  // A step of the replay: the explorer follows.
  await p.locator('[data-action="next"]').click();
  await waitForPly(p, 2);
  const after3R = await explorerAt(p, moves[0].position_after);
  assert.equal(after3R.games, 2);
  assert.deepEqual(after3R.rows.map((r) => [r.move, r.games, r.next]).sort(), [["2L", 1, true], ["4R", 1, false]]);

  // The game's own next move, clicked in the table, steps the replay.
  await p.locator('[data-explorer-move="2L"] button').click();
  await waitForPly(p, 3);
  await assertBoardIs(p, { ...(await http.position(id, 2)), status: "finished" }, "the game's move played from the explorer");
  const after2L = await explorerAt(p, moves[1].position_after);
  assert.equal(after2L.games, 1);

  // Back one, then a move off the game's line: the board shows where the other game went.
  await p.locator('[data-action="prev"]').click();
  await waitForPly(p, 2);
  await explorerAt(p, moves[0].position_after);
  await p.locator('[data-explorer-move="4R"] button').click();
  await p.waitForSelector('[data-testid="explored-line"][data-line="4R"]');
  await waitForPly(p, 3);
  const other = games["3R 4R"];
  const otherPosition = await http.position(other, 2);
  await assertBoardIs(p, { ...otherPosition, status: "finished" }, "the explored move's position");
  const otherMoves = (await http.moves(other)).moves;
  const explored = await explorerAt(p, otherMoves[1].position_after);
  assert.equal(explored.games, 1, "only the game that played 4R");
  assert.equal(explored.rows.length, 1);
  assert.equal(explored.rows[0].move, otherMoves[2].notation);
  assert.equal(explored.rows[0].next, false, "off the game's line no move is the game's");
  assert.deepEqual(explored.recent, [`/games/${other}`]);

  // Back to the game: its position and counts again.
  await p.locator('[data-testid="explored-back"]').click();
  await waitForPly(p, 2);
  await assertBoardIs(p, { ...(await http.position(id, 1)), status: "finished" }, "back on the game's line");
  assert.equal((await explorerAt(p, moves[0].position_after)).games, 2);
  assert.equal(await p.locator('[data-testid="explored-line"]').count(), 0);

  // At the end: a game over by capture has no moves to show (and asks nothing); any other end, this game.
  await p.locator('[data-action="end"]').click();
  await waitForPly(p, game.ply);
  if (game.result.reason === "mandarins_captured") {
    await p.waitForSelector(`[data-testid="explorer"][aria-busy="false"][data-position="${game.position}"] [data-testid="explorer-over"]`);
  } else {
    assert.equal((await explorerAt(p, game.position)).games, 1);
  }
  await p.locator('[data-action="start"]').click();
  await waitForPly(p, 1);
  await p.locator('[data-action="next"]').click();
  await waitForPly(p, 2);
  await explorerAt(p, moves[0].position_after);

  // The filters: no rated game, no game with a clock.
  await p.locator('[data-testid="explorer-rated"]').selectOption("true");
  await p.waitForSelector('[data-testid="explorer"][aria-busy="false"][data-games="0"]');
  assert.equal(await p.locator('[data-testid="explorer-move"]').count(), 0);
  await p.locator('[data-testid="explorer-rated"]').selectOption("false");
  await p.waitForSelector('[data-testid="explorer"][aria-busy="false"][data-games="2"]');
  await p.locator('[data-testid="explorer-speed"]').selectOption("blitz");
  await p.waitForSelector('[data-testid="explorer"][aria-busy="false"][data-games="0"]');
  await p.locator('[data-testid="explorer-speed"]').selectOption("unlimited");
  await p.waitForSelector('[data-testid="explorer"][aria-busy="false"][data-games="2"]');
});

test("the player's page downloads their games as NDJSON, and offers text", async () => {
  const { page: p, errors, context } = await openPage(browser, DESKTOP, "player");
  pages.push({ page: p, errors, name: "player" });
  await p.goto(`${server.base}/players/${players.south.id}`);
  const link = p.locator('[data-testid="export-games"][data-format="ndjson"]');
  await link.waitFor();
  const [download] = await Promise.all([p.waitForEvent("download"), link.click()]);
  assert.equal(download.suggestedFilename(), `oanquan-${players.south.id}-games.ndjson`);
  const path = await download.path();
  const lines = (await readFile(path, "utf8")).split("\n").filter((line) => line.trim() !== "");
  const records = lines.map((line) => JSON.parse(line));
  assert.deepEqual(records.map((r) => r.id), [games["1L"], games["3R 4R"], games["3R 2L"]], "each game once, newest first");
  for (const record of records) {
    assert.equal(record.status, "finished");
    assert.equal(record.players.south.id, players.south.id);
    assert.ok(record.moves.length > 0);
  }
  const text = p.locator('[data-testid="export-games"][data-format="text"]');
  const href = (await text.getAttribute("href")) ?? "";
  assert.equal(href, `/v1/players/${players.south.id}/games/export?format=text`);
  assert.equal(await text.getAttribute("download"), `oanquan-${players.south.id}-games.txt`);
  const body = await (await fetch(server.base + href)).text();
  assert.equal(body.match(/^\[Rules /gm)?.length, 3, "three text records");
  await context.close();
});
