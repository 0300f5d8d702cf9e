// The tournaments' pages on a server of their own: a round-robin of four
// made over the API is listed, its page shows the standings and the
// pairings the API gives, its first player follows "Your next game" and
// plays it on the board, and a spectator's page shows the results, the
// standings and the next round's pairings as they come, without a reload.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";

import { DESKTOP, launchBrowser, openPage, startServer, waitForPly } from "./harness.js";

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
/** @type {import("playwright-core").Browser} */
let browser;
/** @type {Awaited<ReturnType<typeof openPage>>[]} */
const pages = [];
const suffix = Math.random().toString(36).slice(2, 7);
/** @type {{ id: string, token: string, name: string }[]} */
const players = [];
let tournamentId = "";

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

/** A page signed in as `players[who]`, or anonymous. @param {string} name @param {number | null} who */
async function page(name, who) {
  const opened = await openPage(browser, DESKTOP, name);
  if (who !== null) await opened.context.addInitScript((token) => localStorage.setItem("oanquan.token", token), players[who].token);
  pages.push(opened);
  return opened;
}

/** The token of the player with this id. @param {string} id */
const tokenOf = (id) => /** @type {{ token: string }} */ (players.find((p) => p.id === id)).token;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  for (const name of ["Hạnh", "Tomasz", "Rina", "Minh"]) {
    const created = await call("POST", "/v1/players", { body: { name: `${name} ${suffix}` } });
    players.push({ id: created.id, token: created.token, name: created.name });
  }
  const created = await call("POST", "/v1/tournaments", {
    token: players[0].token,
    body: { name: `Club night ${suffix}`, format: "round_robin", rules: { preset: "classic" }, clock: { initial_s: 600, increment_s: 5 } },
  });
  tournamentId = created.id;
  for (const player of players) await call("POST", `/v1/tournaments/${tournamentId}/join`, { token: player.token });
  await call("POST", `/v1/tournaments/${tournamentId}/start`, { token: players[0].token });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test("the list shows the tournament running; its page the standings, the pairings and the viewer's next game", async () => {
  const { page: p, errors } = await page("first player", 0);
  await p.goto(`${server.base}/tournaments`);
  const row = p.locator(`[data-tournament-row="${tournamentId}"]`);
  await row.waitFor();
  assert.equal(await row.getAttribute("data-status"), "running");
  await p.goto(`${server.base}/tournaments?status=finished`);
  await p.locator('[data-tournament-list="empty"]').waitFor();
  await p.locator('[data-filter="running"]').click();
  await p.locator(`[data-tournament-row="${tournamentId}"] a`).click();
  await p.waitForSelector(`[data-tournament="${tournamentId}"][data-status="running"][data-feed="stream"]`);

  const tournament = await call("GET", `/v1/tournaments/${tournamentId}`);
  const standings = await p.locator("[data-standing]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-standing")));
  assert.deepEqual(standings.sort(), players.map((pl) => pl.id).sort());
  for (const pairing of tournament.pairings) {
    const board = p.locator(`[data-pairing="${pairing.round}-${pairing.board}"]`);
    assert.equal(await board.getAttribute("data-game"), pairing.game_id);
    assert.equal(await board.locator("a").getAttribute("href"), `/games/${pairing.game_id}`);
  }
  const mine = tournament.pairings.find((/** @type {any} */ q) => q.south.id === players[0].id || q.north?.id === players[0].id);
  assert.equal(await p.locator("[data-next-game]").getAttribute("data-next-game"), mine.game_id);
  assert.equal(await p.locator('[data-action="join"]').count(), 0, "entered already");
  assert.equal(await p.locator('[data-action="withdraw"]').count(), 1);
  assert.deepEqual(errors, []);
});

test("the next game is played from its link while a spectator's page follows the results and the next round live", async () => {
  const { page: spectator, errors: spectatorErrors } = await page("spectator", null);
  await spectator.goto(`${server.base}/tournaments/${tournamentId}`);
  await spectator.waitForSelector(`[data-tournament="${tournamentId}"][data-feed="stream"]`);
  assert.equal(await spectator.locator('[data-pairings-round="2"]').count(), 0);

  const { page: p, errors } = await page("first player", 0);
  await p.goto(`${server.base}/tournaments/${tournamentId}`);
  await p.locator("[data-next-game]").click();
  await p.waitForSelector('[data-status="active"]');
  const gameId = new URL(p.url()).pathname.split("/").pop() ?? "";
  await p.getByLabel("Animation").selectOption("instant");
  let game = await call("GET", `/v1/games/${gameId}`);
  const mySeat = game.players.south.id === players[0].id ? "south" : "north";
  const opponent = game.players[mySeat === "south" ? "north" : "south"].id;
  // Two moves each: the viewer's on the board, the opponent's over the API.
  while (game.moves_played < 4 && game.status === "active") {
    await waitForPly(p, game.ply);
    if (game.to_move === mySeat) {
      await p.locator(`[data-move="${game.legal_moves[0]}"]`).click();
      await waitForPly(p, game.ply + 1);
    } else {
      await call("POST", `/v1/games/${gameId}/moves`, { token: tokenOf(opponent), body: { move: game.legal_moves[0], ply: game.ply } });
    }
    game = await call("GET", `/v1/games/${gameId}`);
  }
  assert.equal(game.status, "active");
  await call("POST", `/v1/games/${gameId}/resign`, { token: tokenOf(opponent) });
  await p.waitForSelector('[data-status="finished"]');

  // The spectator: the result, then the first player's point.
  const tournament = await call("GET", `/v1/tournaments/${tournamentId}`);
  const board = tournament.pairings.find((/** @type {any} */ q) => q.game_id === gameId);
  const won = mySeat === "south" ? "1-0" : "0-1";
  await spectator.waitForSelector(`[data-pairing="1-${board.board}"][data-result="${won}"]`);
  await spectator.waitForSelector(`[data-standing="${players[0].id}"][data-points="1"][data-rank="1"]`);
  await spectator.waitForSelector(`[data-standing="${opponent}"][data-points="0"][data-games="1"]`);

  // The round's other game ends: round 2 is paired, on the spectator's page too.
  const other = tournament.pairings.find((/** @type {any} */ q) => q.round === 1 && q.game_id !== gameId);
  await call("POST", `/v1/games/${other.game_id}/resign`, { token: tokenOf(other.south.id) });
  await spectator.waitForSelector('[data-pairings-round="2"] [data-pairing="2-2"]');
  const paired = await call("GET", `/v1/tournaments/${tournamentId}`);
  assert.equal(paired.round, 2);
  for (const pairing of paired.pairings.filter((/** @type {any} */ q) => q.round === 2)) {
    assert.equal(await spectator.locator(`[data-pairing="2-${pairing.board}"]`).getAttribute("data-game"), pairing.game_id);
  }
  await spectator.waitForSelector(`[data-tournament="${tournamentId}"][data-round="2"][data-feed="stream"]`);

  // Back on the tournament's page, the first player's next game is their round 2 game.
  await p.goto(`${server.base}/tournaments/${tournamentId}`);
  const next = paired.pairings.find((/** @type {any} */ q) => q.round === 2 && (q.south.id === players[0].id || q.north?.id === players[0].id));
  await p.waitForSelector(`[data-next-game="${next.game_id}"]`);
  assert.deepEqual([...spectatorErrors, ...errors], []);
});
