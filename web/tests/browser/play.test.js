// Two people play a whole game in two browser contexts, by clicking (and
// by keyboard), while a third watches; every square of every page is
// compared with the API after every move. Then the replay, the
// leaderboard, the player's page, the language switch, the phone layout,
// and no console error anywhere.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";

import { planMove } from "../../app/board/animation.js";
import { formatPosition, parsePosition } from "../../app/board/position.js";
import { previewMove } from "../../app/board/preview.js";
import {
  api,
  assertBoardIs,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  readBoard,
  register,
  seededRandom,
  startServer,
  waitForPly,
} from "./harness.js";

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
/** @type {import("playwright-core").Browser} */
let browser;
/** @type {Awaited<ReturnType<typeof openPage>>[]} */
const pages = [];
/** @type {ReturnType<typeof api>} */
let http;
const suffix = Math.random().toString(36).slice(2, 7);
const names = { south: `Lan ${suffix}`, north: `Minh ${suffix}` };
/** @type {Record<string, string>} */
const ids = {};
let gameId = "";

before(async () => {
  server = await startServer();
  http = api(server.base);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** @param {{ width: number, height: number }} viewport @param {string} name */
async function page(viewport, name) {
  const opened = await openPage(browser, viewport, name);
  pages.push(opened);
  return opened;
}

let south, north, watcher;

test("two players register and one creates a game that the other joins from the lobby", async () => {
  south = await page(DESKTOP, "south");
  north = await page(PHONE, "north");
  watcher = await page(DESKTOP, "watcher");
  ids.south = (await register(south.page, server.base, names.south)).id;
  ids.north = (await register(north.page, server.base, names.north)).id;
  // Established players, so that their rated game moves both ratings.
  server.anchor(ids.south);
  server.anchor(ids.north);

  await south.page.getByLabel("Your seat").selectOption("south");
  await south.page.getByLabel("Moves first").selectOption("south");
  await south.page.getByRole("button", { name: "Create the game" }).click();
  await south.page.waitForURL(/\/games\/\w+$/);
  gameId = new URL(south.page.url()).pathname.split("/").pop() ?? "";
  await south.page.waitForSelector('[data-status="waiting"]');

  await north.page.locator(`[data-join="${gameId}"]`).click({ timeout: 10_000 });
  await north.page.waitForURL(new RegExp(`/games/${gameId}$`));
  await north.page.waitForSelector('[data-status="active"]');
  await south.page.waitForSelector('[data-status="active"]', { timeout: 10_000 });
  await watcher.page.goto(`${server.base}/games/${gameId}`);
  await watcher.page.waitForSelector('[data-status="active"]');
  for (const p of [south, north, watcher]) await assertBoardIs(p.page, await http.game(gameId), p.name);
});

test("a move is animated stone by stone, and the DOM contract holds the settled position meanwhile", async () => {
  // The watcher sees the first move slowly (long enough to be skipped); the players at once.
  for (const p of [south, north]) await p.page.getByLabel("Animation").selectOption("instant");
  await watcher.page.getByLabel("Animation").selectOption("slow");
  const before = await readBoard(watcher.page);
  await south.page.locator('[data-move="1R"]').click();
  await watcher.page.waitForSelector('[data-animating="true"]', { timeout: 5000 });
  const during = await readBoard(watcher.page);
  assert.deepEqual(during.squares, before.squares, "attributes keep the position before the move");
  assert.equal(during.ply, before.ply);
  assert.deepEqual(during.enabledMoves, [], "no move can be chosen during an animation");
  await watcher.page.waitForSelector(".square.focus", { timeout: 5000 });
  await watcher.page.getByRole("button", { name: "Skip" }).click();
  await waitForPly(watcher.page, 2);
  await assertBoardIs(watcher.page, await http.game(gameId), "watcher");
  await watcher.page.getByLabel("Animation").selectOption("fast");
});

test("they play the game to its end by clicking and by keyboard; every page follows every move", async () => {
  const random = seededRandom();
  const seats = { south, north };
  let game = await http.game(gameId);
  for (const p of [south, north]) await waitForPly(p.page, game.ply);
  let keyboardMoves = 0;
  while (game.status === "active") {
    const mover = seats[/** @type {"south" | "north"} */ (game.to_move)];
    const waiter = mover === south ? north : south;
    await waitForPly(mover.page, game.ply);
    await mover.page.waitForFunction(
      (count) => document.querySelectorAll("[data-move]:not([disabled])").length === count,
      game.legal_moves.length,
    );
    const shown = await readBoard(mover.page);
    assert.deepEqual(shown.enabledMoves, [...game.legal_moves].sort(), `the enabled controls are the legal moves at ply ${game.ply}`);
    assert.deepEqual((await readBoard(waiter.page)).enabledMoves, [], "nothing is enabled for the side not to move");
    let move = game.legal_moves[Math.floor(random() * game.legal_moves.length)];
    if (game.ply % 5 === 0 && keyboardMoves === 0) {
      // Keyboard only: Tab from the top of the page to the first enabled control, Enter.
      await mover.page.locator(".status-line").click();
      let focused = null;
      for (let tabs = 0; tabs < 80 && !focused; tabs++) {
        await mover.page.keyboard.press("Tab");
        focused = await mover.page.evaluate(() => document.activeElement?.getAttribute("data-move") ?? null);
      }
      assert.ok(focused && game.legal_moves.includes(focused), "Tab reaches a legal move control");
      move = focused;
      const outline = await mover.page.evaluate(() => getComputedStyle(/** @type {Element} */ (document.activeElement)).outlineStyle);
      assert.notEqual(outline, "none", "the focused control shows its focus");
      await mover.page.keyboard.press("Enter");
      keyboardMoves++;
    } else if (game.ply % 5 === 0) {
      // Keyboard: choose the square by its number, then the direction by its letter.
      await mover.page.locator("[data-move]:not([disabled])").first().focus();
      await mover.page.keyboard.press(move[0]);
      await mover.page.keyboard.press(move[1]);
      keyboardMoves++;
    } else {
      await mover.page.locator(`[data-move="${move}"]`).click();
    }
    const next = game.ply + 1;
    for (const p of [south, north, watcher]) await waitForPly(p.page, next, 20_000);
    game = await http.game(gameId);
    assert.equal(game.ply, next, "one move was played");
    for (const p of [south, north, watcher]) await assertBoardIs(p.page, game, p.name);
  }
  assert.ok(keyboardMoves > 0, "some moves were played by keyboard");
  assert.equal(game.status, "finished");
  for (const p of [south, north, watcher]) {
    await p.page.waitForSelector('[data-status="finished"]');
    const status = await p.page.locator(".status-line").textContent();
    assert.match(status ?? "", /wins|draw/i, `${p.name} shows the result`);
  }
});

test("each move's event trace, applied stone by stone, reaches the position the server stored; the preview foresaw its captures", async () => {
  const { moves } = await http.moves(gameId);
  const game = await http.game(gameId);
  let position = parsePosition(game.start_position);
  for (const move of moves) {
    const frames = planMove(position, move);
    assert.equal(formatPosition(frames[frames.length - 1].position), move.position_after, `move ${move.ply} ${move.notation}`);
    const captured = move.events.filter((/** @type {any} */ e) => e.type === "capture").map((/** @type {any} */ e) => e.square);
    assert.deepEqual(previewMove(position, game.rules, move.notation).captured, captured, `the preview of move ${move.ply} ${move.notation}`);
    position = parsePosition(move.position_after);
  }
});

test("the finished game replays to its start and back, and a link names a ply", async () => {
  const p = watcher.page;
  const game = await http.game(gameId);
  await p.locator('[data-action="start"]').click();
  await waitForPly(p, 1);
  await assertBoardIs(p, { ...(await http.position(gameId, 0)), status: "finished" }, "replay start");
  assert.equal(await p.locator('[data-action="prev"]').isDisabled(), true);
  await p.locator('[data-action="next"]').click();
  await waitForPly(p, 2);
  await assertBoardIs(p, { ...(await http.position(gameId, 1)), status: "finished" }, "replay after ply 1");
  await p.locator('[data-action="end"]').click();
  await waitForPly(p, game.ply);
  await assertBoardIs(p, game, "replay end");

  await p.getByRole("button", { name: /^Position after move 3,/ }).click();
  await waitForPly(p, 4);
  assert.match(p.url(), /\?ply=3$/, "the address names the position shown");
  await p.reload();
  await waitForPly(p, 4);
  await assertBoardIs(p, { ...(await http.position(gameId, 3)), status: "finished" }, "deep link ?ply=3");

  await p.locator('[data-action="start"]').click();
  await p.getByLabel("Animation").selectOption("instant");
  await p.locator('[data-action="play"]').click();
  await waitForPly(p, game.ply, 30_000);
  await assertBoardIs(p, game, "autoplay to the end");

  const text = await (await fetch(`${server.base}${await p.getByRole("link", { name: "Export as text" }).getAttribute("href")}`)).text();
  assert.match(text, new RegExp(`\\[South "${names.south}"\\]`));
});

test("an exported record imported from the lobby replays like the game", async () => {
  const p = north.page;
  const record = await (await fetch(`${server.base}/v1/games/${gameId}/export?format=text`)).text();
  await p.goto(`${server.base}/`);
  await p.getByText("Import a game record").click();
  await p.getByLabel(/The record/).fill(record);
  await p.getByRole("button", { name: "Import and replay" }).click();
  await p.waitForURL((url) => /\/games\/\w+$/.test(url.pathname) && !url.pathname.endsWith(gameId));
  const imported = new URL(p.url()).pathname.split("/").pop() ?? "";
  const original = await http.game(gameId);
  await waitForPly(p, original.ply);
  await assertBoardIs(p, await http.game(imported), "imported");
  await p.locator('[data-action="start"]').click();
  await waitForPly(p, 1);
});

test("the leaderboard lists the players, and 'around me' finds the viewer", async () => {
  const p = south.page;
  await p.getByRole("link", { name: "Leaderboards" }).click();
  await p.waitForURL(/\/leaderboards\/classic$/);
  await p.getByLabel("Include provisional ratings").check();
  await p.waitForSelector(`tr[data-player="${ids.south}"]`);
  await p.waitForSelector(`tr[data-player="${ids.north}"]`);
  await p.locator("[data-around-me]").click();
  await p.waitForURL(/around=/);
  await p.waitForSelector(`tr[data-player="${ids.south}"][aria-current="true"]`);
  await p.reload();
  await p.waitForSelector(`tr[data-player="${ids.south}"][aria-current="true"]`);

  await p.getByRole("link", { name: names.north }).click();
  await p.waitForURL(new RegExp(`/players/${ids.north}$`));
  await p.waitForSelector('[data-preset="classic"] .rating');
  await p.waitForSelector(".rating-chart svg polyline");
  await p.locator(`.game-list a[href="/games/${gameId}"]`).click();
  await p.waitForSelector('[data-status="finished"]');
});

test("a challenge from a player's page keeps the seat for them; the creator cancels it", async () => {
  const p = south.page;
  await p.goto(`${server.base}/players/${ids.north}`);
  await p.getByRole("link", { name: "Challenge" }).click();
  await p.waitForURL(/\?opponent=/);
  assert.equal(await p.getByLabel(/Their name or player id/).inputValue(), ids.north);
  await p.getByRole("button", { name: "Create the game" }).click();
  await p.waitForURL(/\/games\/\w+$/);
  const challenge = new URL(p.url()).pathname.split("/").pop() ?? "";
  await p.waitForSelector('[data-status="waiting"]');
  assert.equal((await http.game(challenge)).reserved_for?.id, ids.north);
  await p.getByRole("button", { name: "Cancel the game" }).click();
  await p.waitForURL(`${server.base}/`);
  assert.equal((await http.game(challenge)).status, "cancelled");
});

test("the language switch turns the page into Vietnamese, and is remembered", async () => {
  const p = north.page;
  await p.goto(`${server.base}/`);
  await p.locator('[data-language="vi"]').click();
  assert.equal(await p.getAttribute("html", "lang"), "vi");
  await p.getByRole("link", { name: "Bảng xếp hạng" }).first().waitFor();
  await p.reload();
  assert.equal(await p.getAttribute("html", "lang"), "vi");
  await p.getByRole("heading", { name: "Ván mới" }).waitFor();
  await p.goto(`${server.base}/games/${gameId}`);
  await p.waitForSelector('[data-status="finished"]');
  const label = await p.locator('[data-square="0"]').getAttribute("aria-label");
  assert.match(label ?? "", /Ô quan phía tây/);
  await p.locator('[data-language="en"]').click();
  assert.equal(await p.getAttribute("html", "lang"), "en");
});

test("every page fits a 375 px phone without scrolling sideways", async () => {
  const p = north.page;
  for (const path of ["/", `/games/${gameId}`, "/leaderboards/classic?provisional=1", `/players/${ids.south}`, "/how-to-play?preset=village"]) {
    await p.goto(`${server.base}${path}`);
    await p.waitForLoadState("networkidle");
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `${path} is ${width} px wide`);
  }
});

test("squares read their counts aloud, and moves are announced", async () => {
  const p = watcher.page;
  await p.goto(`${server.base}/games/${gameId}?ply=1`);
  await waitForPly(p, 2);
  const position = await http.position(gameId, 1);
  const label = await p.locator('[data-square="3"]').getAttribute("aria-label");
  assert.ok(label?.includes(`${position.board[3].stones} stone`), label ?? "");
  await p.locator('[data-action="next"]').click();
  await p.waitForFunction(() => /played/.test(document.querySelector("[aria-live]#announcer")?.textContent ?? ""));
});

test("no page logged an error", () => {
  assert.deepEqual(pages.flatMap((p) => p.errors), []);
});
