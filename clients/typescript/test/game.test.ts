// Against the real server on a fresh database: two players register, play a
// rated game to its end (each move with If-Match), read the leaderboard, and
// a stream opened before the game sees every move; a stale ETag and a lost
// answer go through the layer as they should.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { type GameStreamEvent, Oanquan, ProblemError } from "../src/index.js";
import { type Server, startServer } from "./server.js";

let server: Server;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.stop();
});

async function collect(stream: AsyncIterable<GameStreamEvent>): Promise<GameStreamEvent[]> {
  const events: GameStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

test("two players play a whole game; the leaderboard ranks them; the stream saw every move", async (t) => {
  const anonymous = new Oanquan({ baseUrl: server.base });
  const [lan, minh] = await Promise.all([anonymous.registerPlayer("Lan"), anonymous.registerPlayer("Minh")]);
  // Established players, so that their rated game moves both ratings.
  server.anchor(lan.id);
  server.anchor(minh.id);
  const south = anonymous.withToken(lan.token);
  const north = anonymous.withToken(minh.token);

  const created = await south.createGame({ rated: true, seat: "south", opponent: minh.id });
  assert.match(created.etag ?? "", /^"\d+"$/);
  const id = created.value.id;
  const streamed = collect(anonymous.streamGame(id));
  await north.joinGame(id);

  const played: string[] = [];
  for (;;) {
    const { value: game, etag } = await south.getGame(id);
    if (game.status !== "active") break;
    const mover = game.to_move === "south" ? south : north;
    // A fixed, varied choice: the game ends by capture in a few dozen moves.
    const move = game.legal_moves[(game.ply * 7) % game.legal_moves.length];
    assert.ok(move !== undefined, `ply ${game.ply}: an active game has a legal move`);
    const answer = await mover.submitMove(id, { move }, { ifMatch: etag });
    assert.equal(answer.value.move.notation, move);
    assert.equal(answer.etag, `"${answer.value.game.version}"`);
    played.push(move);
  }

  t.diagnostic(`${played.length} moves`);
  const finished = (await south.getGame(id)).value;
  assert.equal(finished.status, "finished");
  assert.equal(finished.moves_played, played.length);
  assert.ok(finished.result, "a finished game has a result");

  const board = await anonymous.leaderboard("classic", { include_provisional: true });
  assert.deepEqual(new Set(board.entries.map((entry) => entry.player.id)), new Set([lan.id, minh.id]));
  for (const entry of board.entries) assert.equal(entry.games, 1);

  const events = await streamed;
  assert.equal(events[0]?.type, "snapshot");
  const moves = events.flatMap((event) => (event.type === "move" ? [event.move.notation] : []));
  assert.deepEqual(moves, played);
  assert.equal(events.at(-1)?.type, "ended");
  const versions = events.map((event) => event.version);
  assert.deepEqual(versions, [...versions].sort((a, b) => a - b), "events come in version order");

  // Resuming after the third move's event replays the rest, and nothing else.
  const third = events.filter((event) => event.type === "move")[2];
  assert.ok(third);
  const rest = await collect(anonymous.streamGame(id, { since: third.version }));
  assert.deepEqual(rest, events.filter((event) => event.version > third.version));
});

test("a stale ETag is a ProblemError with code, status and detail", async () => {
  const anonymous = new Oanquan({ baseUrl: server.base });
  const [a, b] = await Promise.all([anonymous.registerPlayer("Quan"), anonymous.registerPlayer("Hoa")]);
  const south = anonymous.withToken(a.token);
  const { value: game, etag } = await south.createGame({ seat: "south", first: "south" });
  await anonymous.withToken(b.token).joinGame(game.id);
  await assert.rejects(
    south.submitMove(game.id, { move: "1R" }, { ifMatch: etag }),
    (error: unknown) =>
      error instanceof ProblemError && error.status === 412 && error.code === "precondition_failed" && error.detail !== "",
  );
});

test("a write whose answer is lost (network error, then a 503) is retried with the same Idempotency-Key", async () => {
  const keys: (string | null)[] = [];
  let lost = 0;
  const flaky = new Oanquan({
    baseUrl: server.base,
    retryDelayMs: 1,
    fetch: async (request) => {
      keys.push(request.headers.get("Idempotency-Key"));
      const response = await fetch(request);
      if (lost === 0) {
        lost++;
        await response.arrayBuffer();
        throw new TypeError("fetch failed: the answer was lost on the way");
      }
      if (lost === 1) {
        lost++;
        await response.arrayBuffer();
        return new Response("busy", { status: 503, headers: { "Retry-After": "0" } });
      }
      return response;
    },
  });
  const player = await flaky.registerPlayer("Thu");
  assert.equal(keys.length, 3);
  assert.ok(keys[0] !== null && keys.every((key) => key === keys[0]), "every attempt sent the same key");
  const me = await flaky.withToken(player.token).api.GET("/v1/me");
  assert.equal(me.data?.id, player.id, "the token of the replayed answer is the one registered");
});
