// Takes the README's screenshots (docs/screenshots/) of the main pages at
// phone and desktop sizes, on a fresh server with two players and games.
//   cd web && node tests/screenshots.js
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { DESKTOP, launchBrowser, PHONE, seededRandom, startServer } from "./browser/harness.js";

const out = resolve(dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");
mkdirSync(out, { recursive: true });

const server = await startServer();
const base = server.base;

/** @param {string} path @param {string | null} token @param {unknown} [body] */
async function post(path, token, body) {
  const response = await fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

const lan = await post("/v1/players", null, { name: "Lan" });
const minh = await post("/v1/players", null, { name: "Minh" });
const hoa = await post("/v1/players", null, { name: "Hoà" });
const tokens = { [lan.id]: lan.token, [minh.id]: minh.token, [hoa.id]: hoa.token };
const random = seededRandom(7);

/** Plays `plies` random moves (all of them if null). */
async function playGame(/** @type {any} */ creator, /** @type {any} */ joiner, /** @type {number | null} */ plies) {
  let game = await post("/v1/games", creator.token, { rules: { preset: "classic" }, seat: "south", first: "south", rated: true });
  game = await post(`/v1/games/${game.id}/join`, joiner.token);
  for (let i = 0; game.status === "active" && (plies === null || i < plies); i++) {
    const mover = game.players[game.to_move].id;
    const move = game.legal_moves[Math.floor(random() * game.legal_moves.length)];
    game = (await post(`/v1/games/${game.id}/moves`, tokens[mover], { move })).game;
  }
  return game;
}

const finished = [];
for (const [a, b] of [[lan, minh], [minh, hoa], [hoa, lan], [lan, minh]]) finished.push(await playGame(a, b, null));

/** A timed game against a bot, a few moves in, Lan (south) to move: the bot answers by itself. */
async function gameAgainstBot(/** @type {number} */ level, /** @type {number} */ moves) {
  const { bots } = await (await fetch(`${base}/v1/bots`)).json();
  const bot = bots.find((/** @type {any} */ b) => b.level === level);
  let game = await post("/v1/games", lan.token, { opponent: bot.id, seat: "south", first: "south", rated: true, clock: { initial_s: 600, increment_s: 5 } });
  for (let played = 0; game.status === "active" && played < moves; ) {
    if (game.to_move === "south") {
      const move = game.legal_moves[Math.floor(random() * game.legal_moves.length)];
      game = (await post(`/v1/games/${game.id}/moves`, lan.token, { move })).game;
      played++;
    } else {
      await new Promise((done) => setTimeout(done, 100));
      game = await (await fetch(`${base}/v1/games/${game.id}`)).json();
    }
  }
  while (game.status === "active" && game.to_move !== "south") {
    await new Promise((done) => setTimeout(done, 100));
    game = await (await fetch(`${base}/v1/games/${game.id}`)).json();
  }
  return game;
}
let live = await gameAgainstBot(3, 4);
while (live.status !== "active") live = await gameAgainstBot(3, 3);
await post("/v1/games", hoa.token, { rules: { preset: "village" }, seat: "north", rated: true });

const browser = await launchBrowser();
for (const [size, viewport] of /** @type {const} */ ([["desktop", DESKTOP], ["phone", PHONE]])) {
  const context = await browser.newContext({ viewport, locale: "en-US", deviceScaleFactor: 1 });
  await context.addInitScript((token) => {
    localStorage.setItem("oanquan.token", token);
    if (!localStorage.getItem("oanquan.lang")) {
      localStorage.setItem("oanquan.speed", "instant");
      localStorage.setItem("oanquan.lang", "en");
    }
  }, lan.token);
  const page = await context.newPage();
  /** @param {string} path @param {string} name @param {string} ready @param {() => Promise<void>} [prepare] */
  const shot = async (path, name, ready, prepare) => {
    await page.goto(base + path);
    await page.waitForSelector(ready);
    await prepare?.();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(out, `${name}-${size}.png`), fullPage: size === "desktop" });
  };
  // The new-game form with a bot chosen: its level is in the list.
  await shot("/", "lobby", ".game-list", async () => {
    await page.getByLabel("A bot").check();
    await page.locator('select[name="bot"]').selectOption({ index: 2 });
  });
  // A move control hovered: the squares it would sow into and capture are marked.
  await shot(`/games/${live.id}`, "game", "[data-move]:not([disabled])", async () => {
    const moves = page.locator("[data-move]:not([disabled])");
    const count = await moves.count();
    for (let i = 0; i < count; i++) {
      await moves.nth(i).hover();
      if (await page.locator('[data-preview="capture"]').count()) return;
    }
  });
  await shot(`/games/${finished[0].id}?ply=9`, "replay", '[data-status="finished"]');
  await shot("/leaderboards/classic?provisional=1", "leaderboard", "table.ranking");
  await shot(`/players/${lan.id}`, "player", ".rating-chart");
  await page.evaluate(() => localStorage.setItem("oanquan.lang", "vi"));
  await shot("/how-to-play?preset=village", "how-to-play-vi", ".howto-board");
  if (size === "desktop") {
    for (const lang of ["pl", "bn"]) await shot(`/how-to-play?preset=classic&lang=${lang}`, `how-to-play-${lang}`, ".howto-board");
  }
  if (size === "desktop") {
    // A move in the middle of its animation: stones in hand, the square sown into.
    await page.evaluate(() => {
      localStorage.setItem("oanquan.lang", "en");
      localStorage.setItem("oanquan.speed", "slow");
    });
    await page.goto(`${base}/games/${finished[1].id}?ply=2`);
    await page.waitForSelector('[data-status="finished"]');
    await page.locator('[data-action="next"]').click();
    await page.waitForSelector(".square.focus .hand");
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(out, "animation-desktop.png") });
  }
  await context.close();
}
await browser.close();
await server.stop();
console.log(`screenshots in ${out}`);
