// Against the real server on a fresh database: a round-robin of two is
// followed on its stream while its one game is resigned; the messages
// keep a view equal to the tournament the server gives at the end.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { applyTournamentEvent, Oanquan, type Tournament, type TournamentStreamEvent, tournamentGap, unwrap } from "../src/index.js";
import { type Server, startServer } from "./server.js";

let server: Server;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.stop();
});

test("a round-robin of two: snapshot, pairing, standings, game_ended, finished; the view kept equal to the server's", async () => {
  const anonymous = new Oanquan({ baseUrl: server.base });
  const [lan, minh] = await Promise.all([anonymous.registerPlayer("Lan"), anonymous.registerPlayer("Minh")]);
  const players = [anonymous.withToken(lan.token), anonymous.withToken(minh.token)] as const;
  const created = await unwrap(
    players[0].api.POST("/v1/tournaments", {
      body: { name: "Club night", format: "round_robin", rules: { preset: "classic" }, clock: { initial_s: 300, increment_s: 3 } },
    }),
  );
  const id = created.value.id;
  for (const player of players) await unwrap(player.api.POST("/v1/tournaments/{id}/join", { params: { path: { id } } }));

  const events: TournamentStreamEvent[] = [];
  const seen = (async () => {
    for await (const event of anonymous.streamTournament(id)) events.push(event);
  })();
  while (events.length === 0) await new Promise((done) => setTimeout(done, 20));
  await unwrap(players[0].api.POST("/v1/tournaments/{id}/start", { params: { path: { id } } }));
  let started = await unwrap(anonymous.api.GET("/v1/tournaments/{id}", { params: { path: { id } } }));
  const gameId = started.value.pairings[0]?.game_id ?? "";
  const south = started.value.pairings[0]?.south.id === lan.id ? players[0] : players[1];
  await unwrap(south.api.POST("/v1/games/{id}/resign", { params: { path: { id: gameId } } }));
  await seen;

  // A `standings` follows the start unless the stream read the start and
  // the result at once (then the `finished` has the standings).
  assert.deepEqual(
    events.filter((e) => e.type !== "standings").map((e) => [e.type, e.version]),
    [["snapshot", 0], ["pairing", 1], ["game_ended", 2], ["finished", 3]],
  );
  let view: Tournament | undefined;
  let version: number | undefined;
  for (const event of events) {
    assert.equal(tournamentGap(version, event), false, `${event.type} ${event.version}`);
    view = applyTournamentEvent(view, version, event);
    version = event.version;
  }
  started = await unwrap(anonymous.api.GET("/v1/tournaments/{id}", { params: { path: { id } } }));
  assert.equal(started.value.status, "finished");
  assert.deepEqual(view, started.value);
  const ended = events.find((e) => e.type === "game_ended");
  assert.equal(tournamentGap(0, { ...ended, version: 2 } as TournamentStreamEvent), true, "a step of two is a gap");
});
