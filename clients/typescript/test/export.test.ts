// The bulk export as an async iterator, against the real server on a fresh
// database: four finished games and one in progress; the export gives each
// finished game once, newest first; the player's export and the filters
// narrow it; a connection dropped after some records resumes with `after=`
// and misses none, repeats none. And the opening explorer counts the games.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { type Fetch, type GameRecord, Oanquan, ProblemError } from "../src/index.js";
import { type Server, startServer } from "./server.js";

let server: Server;
let anonymous: Oanquan;
const players: Record<"a" | "b" | "c", { id: string; client: Oanquan }> = {} as never;
/** The finished games, in the order they were played. */
const finished: { id: string; south: string; north: string; preset: string; first: string }[] = [];
let unfinished = "";

/** Plays a new game between `south` and `north` to its end (first moves fixed); its id. */
async function play(south: "a" | "b" | "c", north: "a" | "b" | "c", preset: "classic" | "village", opening: string[]): Promise<string> {
  const s = players[south].client;
  const n = players[north].client;
  const { value: game } = await s.createGame({ seat: "south", first: "south", opponent: players[north].id, rules: { preset } });
  await n.joinGame(game.id);
  for (;;) {
    const { value: now, etag } = await s.getGame(game.id);
    if (now.status !== "active") break;
    const move = opening[now.moves_played] ?? now.legal_moves[(now.ply * 7) % now.legal_moves.length];
    assert.ok(move !== undefined);
    await (now.to_move === "south" ? s : n).submitMove(game.id, { move }, { ifMatch: etag });
  }
  finished.push({ id: game.id, south: players[south].id, north: players[north].id, preset, first: opening[0] ?? "" });
  return game.id;
}

async function collect(records: AsyncIterable<GameRecord>): Promise<GameRecord[]> {
  const all: GameRecord[] = [];
  for await (const record of records) all.push(record);
  return all;
}

before(async () => {
  server = await startServer();
  anonymous = new Oanquan({ baseUrl: server.base });
  const suffix = crypto.randomUUID().slice(0, 6);
  for (const who of ["a", "b", "c"] as const) {
    const created = await anonymous.registerPlayer(`${who.toUpperCase()}-${suffix}`);
    players[who] = { id: created.id, client: anonymous.withToken(created.token) };
  }
  await play("a", "b", "classic", ["3R", "2L"]);
  await play("b", "a", "classic", ["3R", "4R"]);
  await play("a", "c", "classic", ["1L"]);
  await play("b", "c", "village", ["5L"]);
  const { value: open } = await players.a.client.createGame({ seat: "south", opponent: players.c.id });
  await players.c.client.joinGame(open.id);
  unfinished = open.id;
});
after(async () => {
  await server?.stop();
});

test("the export gives every finished game exactly once, newest first, and no game in progress", async () => {
  const records = await collect(anonymous.exportGames());
  assert.deepEqual(
    records.map((r) => r.id),
    [...finished].reverse().map((g) => g.id),
  );
  assert.ok(!records.some((r) => r.id === unfinished));
  for (const record of records) {
    assert.equal(record.status, "finished");
    assert.ok(record.moves.length > 0, "records hold their moves");
    const played = finished.find((g) => g.id === record.id);
    assert.equal(record.moves[0]?.notation, played?.first);
    assert.equal(record.players.south?.id, played?.south);
  }
});

test("a player's export holds the games they sat in, and the filters narrow it", async () => {
  const ids = async (records: AsyncIterable<GameRecord>) => (await collect(records)).map((r) => r.id);
  const ofA = finished.filter((g) => g.south === players.a.id || g.north === players.a.id).reverse().map((g) => g.id);
  assert.equal(ofA.length, 3);
  assert.deepEqual(await ids(anonymous.exportPlayerGames(players.a.id)), ofA);
  assert.deepEqual(await ids(anonymous.exportGames({ player: players.a.id })), ofA);

  const village = finished.filter((g) => g.preset === "village").map((g) => g.id);
  assert.deepEqual(await ids(anonymous.exportGames({ preset: "village" })), village);
  assert.deepEqual(await ids(anonymous.exportPlayerGames(players.a.id, { preset: "village" })), []);
  assert.deepEqual(await ids(anonymous.exportGames({ max: 2 })), [...finished].reverse().slice(0, 2).map((g) => g.id));
  assert.deepEqual(await ids(anonymous.exportGames({ status: "active" })), [unfinished]);
  const bare = await collect(anonymous.exportGames({ with_moves: false, max: 1 }));
  assert.equal(bare.length, 1);
  assert.deepEqual(bare[0]?.moves, []);
  // Resuming by hand: after the second newest, the rest.
  const all = [...finished].reverse().map((g) => g.id);
  assert.deepEqual(await ids(anonymous.exportGames({ after: all[1] as string })), all.slice(2));
});

/** A fetch whose first export answer breaks off right after its `records`-th line. */
function dropping(records: number): { fetch: Fetch; urls: URL[] } {
  const urls: URL[] = [];
  return {
    urls,
    fetch: async (request) => {
      const response = await fetch(request);
      const url = new URL(request.url);
      if (!url.pathname.endsWith("/export")) return response;
      urls.push(url);
      if (urls.length > 1 || response.body === null) return response;
      const reader = response.body.getReader();
      let text = "";
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          text += new TextDecoder().decode(value);
          let end = -1;
          for (let n = 0; n < records; n++) {
            end = text.indexOf("\n", end + 1);
            if (end < 0) break;
          }
          if (end < 0) {
            controller.enqueue(new TextEncoder().encode(text.slice(sent)));
            sent = text.length;
            return;
          }
          // The records before the cut, and half of the next line: then the connection drops.
          const cut = Math.min(text.length, end + 1 + 20);
          controller.enqueue(new TextEncoder().encode(text.slice(sent, cut)));
          await reader.cancel();
          controller.error(new TypeError("the connection dropped"));
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    },
  };
}

for (const cutAfter of [1, 3]) {
  test(`an export dropped after ${cutAfter} record(s) resumes with after=: none missed, none twice`, async () => {
    const whole = (await collect(anonymous.exportGames())).map((r) => r.id);
    const cut = dropping(cutAfter);
    const client = new Oanquan({ baseUrl: server.base, fetch: cut.fetch, retryDelayMs: 1 });
    const resumed = (await collect(client.exportGames())).map((r) => r.id);
    assert.deepEqual(resumed, whole);
    assert.equal(cut.urls.length, 2, "one reconnection");
    assert.equal(cut.urls[0]?.searchParams.get("after"), null);
    assert.equal(cut.urls[1]?.searchParams.get("after"), whole[cutAfter - 1], "it resumed after the last record it got");
    assert.equal(cut.urls[1]?.searchParams.get("format"), "ndjson");

    // With `max`, the resumption asks only for what is left.
    const limited = dropping(1);
    const few = new Oanquan({ baseUrl: server.base, fetch: limited.fetch, retryDelayMs: 1 });
    const two = (await collect(few.exportPlayerGames(players.a.id, { max: 2 }))).map((r) => r.id);
    const ofA = finished.filter((g) => g.south === players.a.id || g.north === players.a.id).reverse().map((g) => g.id);
    assert.deepEqual(two, ofA.slice(0, 2));
    assert.equal(limited.urls[1]?.searchParams.get("max"), "1");
    assert.match(limited.urls[1]?.pathname ?? "", /\/v1\/players\/.+\/games\/export$/);
  });
}

test("without reconnecting, a drop is the caller's", async () => {
  const cut = dropping(1);
  const client = new Oanquan({ baseUrl: server.base, fetch: cut.fetch });
  const got: string[] = [];
  await assert.rejects(async () => {
    for await (const record of client.exportGames({ reconnect: false })) got.push(record.id);
  }, TypeError);
  assert.equal(got.length, 1);
});

test("a bad filter, or an unknown player, is a ProblemError", async () => {
  await assert.rejects(collect(anonymous.exportGames({ preset: "chess" })), (e: unknown) => e instanceof ProblemError && e.status === 400 && e.code === "invalid_query");
  await assert.rejects(
    collect(anonymous.exportPlayerGames("zzzzzzzzz0")),
    (e: unknown) => e instanceof ProblemError && e.status === 404 && e.code === "player_not_found",
  );
});

test("the explorer counts the finished games from the start and after a move", async () => {
  const classic = finished.filter((g) => g.preset === "classic");
  const start = await anonymous.explorer({ preset: "classic" });
  assert.equal(start.games, classic.length);
  assert.equal(start.south_wins + start.north_wins + start.draws, classic.length);
  const byMove = new Map(start.moves.map((m) => [m.move, m.games]));
  assert.deepEqual(Object.fromEntries(byMove), { "3R": 2, "1L": 1 });
  const after3R = await anonymous.explorer({ play: "3R", rules: { preset: "classic" } });
  assert.equal(after3R.games, 2);
  assert.deepEqual(after3R.moves.map((m) => [m.move, m.games]).sort(), [["2L", 1], ["4R", 1]]);
  assert.equal(after3R.recent_games.length, 2);
  const village = await anonymous.explorer({ preset: "village" });
  assert.equal(village.games, 1);
  assert.equal(village.moves[0]?.move, "5L");
});
