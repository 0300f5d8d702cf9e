// Games against the server's real bots, played in the page by clicking:
// the bot's replies arrive by the game stream and are animated, and the
// DOM contract is recorded at every ply the page shows and compared with
// the API's position there (the move controls with the server's game).
// Then clocks that tick from the server's deadline down to a flag fall,
// an abort, a resignation.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";

import {
  api,
  assertBoardIs,
  DESKTOP,
  launchBrowser,
  openPage,
  recordPlies,
  recordedPlies,
  register,
  seededRandom,
  startServer,
  waitForPly,
} from "./harness.js";

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
/** @type {import("playwright-core").Browser} */
let browser;
/** @type {Awaited<ReturnType<typeof openPage>>} */
let player;
/** @type {ReturnType<typeof api>} */
let http;
let token = "";
/** @type {{ id: string, name: string, level: number }[]} */
let bots = [];

before(async () => {
  server = await startServer();
  http = api(server.base);
  browser = await launchBrowser();
  player = await openPage(browser, DESKTOP, "player");
  ({ token } = await register(player.page, server.base, `Hoa ${Math.random().toString(36).slice(2, 7)}`));
  ({ bots } = await (await fetch(`${server.base}/v1/bots`)).json());
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * A game against `bot` made with the API (for what the form can't choose:
 * a clock of a few seconds), the viewer south and first.
 * @param {string} bot @param {object} [extra]
 */
async function gameAgainst(bot, extra = {}) {
  const response = await fetch(`${server.base}/v1/games`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ opponent: bot, seat: "south", first: "south", rated: false, ...extra }),
  });
  assert.equal(response.status, 201, await response.clone().text());
  return /** @type {string} */ ((await response.json()).id);
}

const abortButton = () => player.page.getByRole("button", { name: "Abort", exact: true });

/**
 * The game once it is past `ply` and back to the viewer, seated `seat` (or over).
 * @param {string} id @param {number} ply @param {"south" | "north"} [seat]
 */
const botMoved = async (id, ply, seat = "south") => {
  for (let tries = 0; tries < 300; tries++) {
    const game = await http.game(id);
    if (game.status !== "active" || (game.ply > ply && game.to_move === seat)) return game;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error("the bot did not answer");
};

test("a game against a bot chosen by level, played by clicking to its end; the DOM contract holds at every ply", async () => {
  const p = player.page;
  const bot = bots.find((b) => b.level === 2) ?? bots[0];
  assert.ok(bot, "the server lists its bots");
  await p.goto(`${server.base}/`);
  await p.getByLabel("A bot").check();
  await p.locator('select[name="bot"]').selectOption(bot.id);
  assert.match(await p.locator('select[name="bot"] option:checked').textContent() ?? "", /level 2/);
  await p.getByLabel("Your seat").selectOption("south");
  await p.getByLabel("Moves first").selectOption("south");
  await p.getByLabel("Clock").selectOption("none");
  await p.getByLabel("Rated").uncheck();
  await recordPlies(p);
  await p.getByRole("button", { name: "Create the game" }).click();
  await p.waitForURL(/\/games\/\w+$/);
  const id = new URL(p.url()).pathname.split("/").pop() ?? "";
  await p.waitForSelector('[data-status="active"]');
  await p.waitForSelector('[data-feed="stream"]');
  const created = await http.game(id);
  assert.equal(created.players.north.bot, true, "the bot holds the other seat");
  assert.equal(created.players.north.id, bot.id);
  assert.equal(created.clock, null, "no clock was asked for");
  assert.match(await p.locator('.seat-bar[data-seat="north"]').textContent() ?? "", /\(bot\)/, "the bot is marked as a bot");
  await p.getByLabel("Animation").selectOption("fast");

  const random = seededRandom(99);
  let game = await botMoved(id, 0);
  while (game.status === "active") {
    await waitForPly(p, game.ply, 30_000);
    await assertBoardIs(p, game, "against the bot");
    // The first moves animated stone by stone, the rest at once (switched while nothing is animated).
    if (game.ply === 21) await p.getByLabel("Animation").selectOption("instant");
    await p.waitForFunction((count) => document.querySelectorAll("[data-move]:not([disabled])").length === count, game.legal_moves.length);
    assert.equal(await abortButton().count(), game.moves_played <= 2 ? 1 : 0, `abort offered only before each side's second move (${game.moves_played} played)`);
    const move = game.legal_moves[Math.floor(random() * game.legal_moves.length)];
    await p.locator(`[data-move="${move}"]`).click();
    game = await botMoved(id, game.ply);
  }
  assert.equal(game.status, "finished");
  await p.waitForSelector('[data-status="finished"]', { timeout: 30_000 });
  await assertBoardIs(p, game, "against the bot, at the end");
  assert.match(await p.locator(".status-line").textContent() ?? "", /wins|draw/i, "the result is shown");

  const plies = await recordedPlies(p);
  const shown = new Set(plies.map((r) => r.ply));
  for (let ply = 1; ply <= game.ply; ply++) assert.ok(shown.has(ply), `the page showed ply ${ply}`);
  for (const record of plies) {
    const position = await http.position(id, record.ply - 1);
    const at = `at ply ${record.ply}`;
    assert.deepEqual(record.squares, position.board.map(({ square, stones, mandarin }) => ({ square, stones, mandarin })), `squares ${at}`);
    assert.deepEqual(record.stores, position.stores, `stores ${at}`);
    // The controls follow the game as the server has it, not the animation:
    // while the bot's move is shown the viewer may already answer it.
    const now = record.animating ? await http.position(id, record.ply) : position;
    if (now.to_move !== "south") assert.deepEqual(record.enabledMoves, [], `nothing enabled ${at}`);
    for (const move of record.enabledMoves) assert.ok(now.legal_moves.includes(move), `${move} is legal ${at}`);
  }
});

test("a timed game: both clocks shown, the running one ticks from the server's deadline, and the flag falls", async () => {
  const p = player.page;
  const id = await gameAgainst(bots[0].id, { clock: { initial_s: 4, increment_s: 0 } });
  await p.goto(`${server.base}/games/${id}`);
  await p.waitForSelector('[data-status="active"]');
  await p.getByLabel("Animation").selectOption("instant");
  const clock = (/** @type {string} */ seat) => p.locator(`.seat-bar[data-seat="${seat}"] .clock`);
  assert.equal(await clock("north").textContent(), "0:04.0", "the bot's clock stands at its initial time");
  await p.locator('[data-move="1R"]').click();
  await botMoved(id, 1);
  await waitForPly(p, 3);
  await p.waitForSelector('.seat-bar[data-seat="south"] .clock.running');
  const first = await clock("south").textContent();
  await p.waitForTimeout(700);
  const second = await clock("south").textContent();
  /** @param {string | null} text */
  const seconds = (text) => {
    const [minutes, rest] = (text ?? "").split(":");
    return Number(minutes) * 60 + Number(rest);
  };
  assert.ok(seconds(first) <= 4 && seconds(first) > 0, `south's clock ${first}`);
  assert.ok(seconds(first) - seconds(second) >= 0.4, `south's clock ticks: ${first} then ${second}`);
  const deadline = Date.parse((await http.game(id)).clock.deadline);
  assert.ok(Math.abs(deadline - Date.now() - seconds(await clock("south").textContent()) * 1000) < 600, "it counts to the server's deadline");
  await p.waitForSelector('[data-status="finished"]', { timeout: 15_000 });
  assert.match(await p.locator(".status-line").textContent() ?? "", /wins: on time/);
  assert.equal((await http.game(id)).result.reason, "timeout");
});

test("a game with a clock chosen in the lobby form; abort of it, fresh, shows 'aborted'", async () => {
  const p = player.page;
  await p.goto(`${server.base}/`);
  await p.getByLabel("A bot").check();
  await p.getByLabel("Your seat").selectOption("south");
  await p.getByLabel("Moves first").selectOption("south");
  await p.getByLabel("Clock").selectOption("3+2");
  await p.getByRole("button", { name: "Create the game" }).click();
  await p.waitForURL(/\/games\/\w+$/);
  const id = new URL(p.url()).pathname.split("/").pop() ?? "";
  await p.waitForSelector('[data-status="active"]');
  assert.deepEqual((await http.game(id)).time_control, { initial_s: 180, increment_s: 2 });
  assert.equal(await p.locator('.seat-bar[data-seat="north"] .clock').textContent(), "3:00");
  await abortButton().click();
  await p.getByRole("button", { name: "Yes, abort" }).click();
  await p.waitForSelector('[data-status="aborted"]');
  assert.match(await p.locator(".status-line").textContent() ?? "", /aborted: a player asked/);
  assert.equal((await http.game(id)).status, "aborted");
  assert.equal(await abortButton().count(), 0);
});

test("resigning after each side's second move ends the game by resignation", async () => {
  const p = player.page;
  const id = await gameAgainst(bots[0].id, { rated: true });
  await p.goto(`${server.base}/games/${id}`);
  await p.getByLabel("Animation").selectOption("instant");
  let game = await http.game(id);
  while (game.moves_played < 4 && game.status === "active") {
    await waitForPly(p, game.ply);
    await p.locator(`[data-move="${game.legal_moves[0]}"]`).click();
    game = await botMoved(id, game.ply);
  }
  await waitForPly(p, game.ply);
  assert.equal(await abortButton().count(), 0, "too late to abort");
  await p.getByRole("button", { name: "Resign" }).click();
  await p.getByRole("button", { name: "Yes, resign" }).click();
  await p.waitForSelector('[data-status="finished"]');
  assert.match(await p.locator(".status-line").textContent() ?? "", /North \(bot-\d \(bot\)\) wins: by resignation/);
});

test("when the bot moves first, its move arrives and is shown, then the viewer's controls open", async () => {
  const p = player.page;
  const id = await gameAgainst(bots[0].id, { seat: "north", first: "south" });
  await p.goto(`${server.base}/games/${id}`);
  const game = await botMoved(id, 1, "north");
  await waitForPly(p, game.ply);
  await assertBoardIs(p, game, "after the bot's first move");
  await p.waitForFunction((count) => document.querySelectorAll("[data-move]:not([disabled])").length === count, game.legal_moves.length);
  assert.equal(await p.locator("[data-status]").getAttribute("data-viewer-seat"), "north");
});

test("the bots are marked as bots on their page, and on no leaderboard (their games are unrated)", async () => {
  const p = player.page;
  const board = await (await fetch(`${server.base}/v1/leaderboards/classic?include_provisional=true`)).json();
  assert.deepEqual(board.entries.filter((entry) => entry.player.bot), []);
  await p.goto(`${server.base}/players/${bots[0].id}`);
  await p.waitForSelector("h1 .tag");
  assert.match(await p.locator("h1").textContent() ?? "", /bot/);
  await p.waitForSelector(`[data-bot-level="${bots[0].level}"]`);
  assert.equal(await p.locator(".rating-card").count(), 0, "a bot shows no rating as if earned");

  // The player's page shows the record against each bot played instead.
  const me = await (await fetch(`${server.base}/v1/me`, { headers: { authorization: `Bearer ${token}` } })).json();
  const profile = await (await fetch(`${server.base}/v1/players/${me.id}`)).json();
  assert.ok(profile.bots.length >= 1, "the games above were against bots");
  await p.goto(`${server.base}/players/${me.id}`);
  for (const record of profile.bots) {
    const item = p.locator(`[data-bot-record="${record.bot.id}"]`);
    await item.waitFor();
    assert.match(await item.textContent() ?? "", new RegExp(`^${record.bot.name} · ${record.games} games: ${record.wins} won, ${record.draws} drawn, ${record.losses} lost$`));
  }
});

test("no page logged an error", () => {
  assert.deepEqual(player.errors, []);
});
