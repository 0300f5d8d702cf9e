// A program of a project that installed the packed client (`npm pack`, then
// `npm install <tarball>`): it compiles under `tsc --strict` without
// `skipLibCheck`, so the package's own types must resolve, and it plays a
// game against the server at $OANQUAN_URL at run time.

import { type GameStreamEvent, type MeStreamEvent, Oanquan, ProblemError } from "oanquan-client";

declare const process: { env: Record<string, string | undefined>; exitCode?: number };

const baseUrl = process.env.OANQUAN_URL;
if (baseUrl === undefined) throw new Error("set OANQUAN_URL");

const server = new Oanquan({ baseUrl, maxAttempts: 3, maxRetryWaitMs: 2_000 });
const lan = await server.registerPlayer("Lan");
const minh = await server.registerPlayer("Minh");
const south = server.withToken(lan.token);
const north = server.withToken(minh.token);

const { value: created } = await south.createGame({ seat: "south", opponent: minh.id });
await north.joinGame(created.id);
let moves = 0;
for (;;) {
  const { value: game, etag } = await south.getGame(created.id);
  if (game.status !== "active") break;
  const mover = game.to_move === "south" ? south : north;
  const move: string | undefined = game.legal_moves[(game.ply * 7) % game.legal_moves.length];
  if (move === undefined) throw new Error("an active game has a legal move");
  try {
    await mover.submitMove(game.id, { move }, { ifMatch: etag });
    moves++;
  } catch (error) {
    if (!(error instanceof ProblemError && error.code === "precondition_failed")) throw error;
  }
}

// The discriminated unions narrow by `type`.
const notations: string[] = [];
for await (const event of server.streamGame(created.id, { since: 0, format: "sse" })) {
  const typed: GameStreamEvent = event;
  if (typed.type === "move") notations.push(typed.move.notation);
}
if (notations.length !== moves) throw new Error(`the stream replayed ${notations.length} moves of ${moves}`);

const record = await server.exportRecord(created.id);
const text: string = (await server.exportText(created.id)).value;
if (!text.startsWith("[Rules")) throw new Error(`not a text record: ${text}`);

const mine: MeStreamEvent[] = [];
for await (const event of south.streamMe({ format: "ndjson" })) {
  mine.push(event);
  if (event.type === "snapshot") break;
}
// The bulk export, an async iterator of typed records.
const exported: string[] = [];
for await (const game of server.exportGames({ player: lan.id, max: 5 })) exported.push(game.id);
if (exported.join() !== created.id) throw new Error(`the export gave ${exported.join()}, not ${created.id}`);

console.log(`played ${moves} moves; ${record.value.moves.length} in the record; me stream: ${mine[0]?.type}`);
