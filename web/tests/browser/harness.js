// The browser tests' world: the real server binary on a fresh SQLite
// database and a free port, Debian's Chromium driven by playwright-core,
// and a record of every console error and uncaught exception.

import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import assert from "node:assert/strict";

import { chromium } from "playwright-core";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

export const CHROMIUM = process.env.OANQUAN_CHROMIUM ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 900 };

/**
 * Starts `oanquan serve` on 127.0.0.1, port chosen by the OS, and waits
 * until it says where it listens.
 * @param {Record<string, string>} [env] more of the server's environment
 */
export async function startServer(env = {}) {
  const binary = process.env.OANQUAN_BIN ?? join(root, "target/debug/oanquan");
  if (!existsSync(binary)) throw new Error(`no server binary at ${binary}: run \`cargo build\` (or set OANQUAN_BIN)`);
  const dir = mkdtempSync(join(tmpdir(), "oanquan-browser-"));
  const child = spawn(binary, ["serve"], {
    cwd: dir,
    env: {
      ...process.env,
      OANQUAN_BIND: "127.0.0.1:0",
      OANQUAN_DATABASE_URL: `sqlite://${join(dir, "test.db")}`,
      OANQUAN_RATE_LIMIT_PER_SECOND: "0",
      OANQUAN_MAX_REGISTRATIONS_PER_HOUR: "0",
      OANQUAN_WORKERS: "2",
      RUST_LOG: "warn,oanquan=info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const base = await new Promise((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${log}`)), 30_000);
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      log += chunk.toString();
      const found = /listening on (http:\/\/[\d.]+:\d+)/.exec(log);
      if (found) {
        clearTimeout(timer);
        resolvePort(found[1]);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`the server exited (${code}):\n${log}`)));
  });
  return {
    base: /** @type {string} */ (base),
    log: () => log,
    /**
     * Makes a player an anchor of the classic ratings, as an operator does
     * with `oanquan ratings anchor`, so that games against them are rated.
     * @param {string} playerId
     */
    anchor(playerId) {
      execFileSync(binary, ["ratings", "anchor", playerId], {
        env: { ...process.env, OANQUAN_DATABASE_URL: `sqlite://${join(dir, "test.db")}` },
        stdio: "pipe",
      });
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((done) => (child.exitCode !== null ? done(null) : child.on("exit", done)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * A page in a context of its own (its own storage: its own player), with
 * its console errors and page errors collected in `errors`.
 * @param {import("playwright-core").Browser} browser
 * @param {{ width: number, height: number }} viewport
 * @param {string} name for messages
 * @param {import("playwright-core").BrowserContextOptions} [options] more of the context's options
 */
export async function openPage(browser, viewport, name, options = {}) {
  const context = await browser.newContext({ viewport, locale: "en-US", ...options });
  const page = await context.newPage();
  /** @type {string[]} */
  const errors = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${name}: console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${name}: page error: ${error.message}`));
  return { context, page, errors, name };
}

/**
 * The API, straight from the test (for what the page is compared with).
 * @param {string} base
 */
export function api(base) {
  /** @param {string} path @param {RequestInit} [init] */
  const call = async (path, init) => {
    const response = await fetch(base + path, init);
    if (!response.ok) throw new Error(`${init?.method ?? "GET"} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  return {
    /** @param {string} id */
    game: (id) => call(`/v1/games/${id}`),
    /** @param {string} id */
    moves: (id) => call(`/v1/games/${id}/moves`),
    /** @param {string} id @param {number} ply */
    position: (id, ply) => call(`/v1/games/${id}/positions/${ply}`),
    spec: () => call("/openapi.json"),
  };
}

/**
 * What the page's DOM contract says about the board.
 * @param {import("playwright-core").Page} page
 */
export async function readBoard(page) {
  return page.evaluate(boardInPage);
}

/** The DOM contract read in the page (runs there: no closure). */
function boardInPage() {
  const state = document.querySelector("[data-status]");
  const squares = [...document.querySelectorAll("[data-square]")].map((el) => ({
    square: Number(el.getAttribute("data-square")),
    stones: Number(el.getAttribute("data-stones")),
    mandarin: el.getAttribute("data-mandarin") === "true",
  }));
  squares.sort((a, b) => a.square - b.square);
  /** @param {string} seat */
  const store = (seat) => {
    const el = document.querySelector(`[data-store="${seat}"]`);
    return { small: Number(el?.getAttribute("data-stones")), mandarins: Number(el?.getAttribute("data-mandarins")) };
  };
  return {
    status: state?.getAttribute("data-status") ?? null,
    ply: Number(state?.getAttribute("data-ply")),
    animating: state?.getAttribute("data-animating") === "true",
    squares,
    stores: { south: store("south"), north: store("north") },
    enabledMoves: [...document.querySelectorAll("[data-move]:not([disabled])")].map((el) => el.getAttribute("data-move")).sort(),
  };
}

/**
 * From now on (across the page's own navigations, not reloads), the page
 * keeps the DOM contract as it first reads at each new ply, right after
 * the render that brought it, with the time it did (`at`, Date.now()):
 * see `recordedPlies`.
 * @param {import("playwright-core").Page} page
 */
export async function recordPlies(page) {
  await page.evaluate(`(() => {
    const read = ${boardInPage.toString()};
    const records = (window.__plies = []);
    new MutationObserver(() => {
      if (!document.querySelector("[data-status]")) return;
      const board = read();
      const last = records.at(-1);
      if (!last || last.ply !== board.ply || last.status !== board.status) records.push({ ...board, at: Date.now() });
    }).observe(document.documentElement, { subtree: true, childList: true, attributes: true });
  })()`);
}

/**
 * @param {import("playwright-core").Page} page
 * @returns {Promise<ReturnType<typeof boardInPage>[]>}
 */
export async function recordedPlies(page) {
  return page.evaluate("window.__plies");
}

/**
 * The board as the API describes a position (a game or a `positions/{ply}`).
 * @param {{ board: { square: number, stones: number, mandarin: boolean }[], stores: any, ply: number }} view
 */
export function expectedBoard(view) {
  return {
    ply: view.ply,
    squares: view.board.map(({ square, stones, mandarin }) => ({ square, stones, mandarin })),
    stores: view.stores,
  };
}

/**
 * Registers `name` from the lobby, keeps the key shown, and returns the
 * player's id and token.
 * @param {import("playwright-core").Page} p
 * @param {string} base
 * @param {string} name
 */
export async function register(p, base, name) {
  await p.goto(`${base}/`);
  await p.getByLabel("Your name").fill(name);
  await p.getByRole("button", { name: "Register" }).click();
  const token = (await p.locator("[data-token]").textContent()) ?? "";
  assert.match(token, /\S{20,}/, "the new key is shown");
  await p.getByRole("button", { name: "I have kept it" }).click();
  const me = await (await fetch(`${base}/v1/me`, { headers: { authorization: `Bearer ${token}` } })).json();
  assert.equal(me.name, name);
  return { id: /** @type {string} */ (me.id), token };
}

/**
 * The page's board is the API's game (or position), square by square.
 * @param {import("playwright-core").Page} p
 * @param {any} game
 * @param {string} who
 */
export async function assertBoardIs(p, game, who) {
  const shown = await readBoard(p);
  const expected = expectedBoard(game);
  assert.equal(shown.status, game.status, `${who}: status`);
  assert.equal(shown.ply, expected.ply, `${who}: ply`);
  assert.deepEqual(shown.squares, expected.squares, `${who}: squares at ply ${expected.ply}`);
  assert.deepEqual(shown.stores, expected.stores, `${who}: stores at ply ${expected.ply}`);
}

/**
 * Waits until the page shows ply `ply`, settled (no animation running).
 * @param {import("playwright-core").Page} page
 * @param {number} ply
 * @param {number} [timeout]
 */
export async function waitForPly(page, ply, timeout = 15_000) {
  try {
    await page.waitForFunction(
      (wanted) => {
        const el = document.querySelector("[data-status]");
        return el?.getAttribute("data-ply") === String(wanted) && el.getAttribute("data-animating") === "false";
      },
      ply,
      { timeout },
    );
  } catch (error) {
    // Say where the page was stuck: its settled ply, animation and feed.
    const state = await page.evaluate(() => {
      const el = document.querySelector("[data-status]");
      return ["data-status", "data-ply", "data-animating", "data-feed", "data-last-move"].map((name) => `${name}=${el?.getAttribute(name)}`).join(" ");
    });
    throw new Error(`${page.url()} did not settle on ply ${ply}: ${state}`, { cause: error });
  }
}

/** A small seeded generator, so that a failing game can be played again. */
export function seededRandom(seed = 20261201) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
