// What the layer does beyond the generated client, against the real server:
// bounded retries of 429 and 503 after their Retry-After, streams that
// reconnect with Last-Event-ID (SSE and NDJSON) and miss nothing, the
// record's two media types typed apart.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { type Fetch, type GameStreamEvent, Oanquan, ProblemError, retryAfterMs, type StreamFormat } from "../src/index.js";
import { type Server, startServer } from "./server.js";

let server: Server;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.stop();
});

const busy = (status: number, retryAfter: string) =>
  new Response(JSON.stringify({ type: "about:blank", title: "busy", status, detail: "busy", code: "rate_limited" }), {
    status,
    headers: { "Content-Type": "application/problem+json", "Retry-After": retryAfter },
  });

/** A fetch that answers the first `times` requests with `answer()` instead of the server's. */
function refusing(times: number, answer: () => Response): { fetch: Fetch; seen: Request[] } {
  const seen: Request[] = [];
  return {
    seen,
    fetch: async (request) => {
      seen.push(request);
      return seen.length <= times ? answer() : fetch(request);
    },
  };
}

/** Plays a game between two new players to its end; its id. */
async function playedGame(anonymous: Oanquan): Promise<string> {
  const suffix = crypto.randomUUID().slice(0, 8);
  const [a, b] = await Promise.all([anonymous.registerPlayer(`An-${suffix}`), anonymous.registerPlayer(`Binh-${suffix}`)]);
  const south = anonymous.withToken(a.token);
  const north = anonymous.withToken(b.token);
  const { value: game } = await south.createGame({ seat: "south", opponent: b.id });
  await north.joinGame(game.id);
  for (;;) {
    const { value: now, etag } = await south.getGame(game.id);
    if (now.status !== "active") return game.id;
    const move = now.legal_moves[(now.ply * 7) % now.legal_moves.length];
    assert.ok(move !== undefined);
    await (now.to_move === "south" ? south : north).submitMove(game.id, { move }, { ifMatch: etag });
  }
}

test("Retry-After reads seconds and HTTP dates", () => {
  const now = Date.parse("2026-12-04T10:00:00Z");
  const at = (value: string) => retryAfterMs(new Response(null, { headers: { "Retry-After": value } }), now);
  assert.equal(at("3"), 3000);
  assert.equal(at("Fri, 04 Dec 2026 10:00:05 GMT"), 5000);
  assert.equal(at("soon"), undefined);
});

test("a 429 and a 503 are retried after their Retry-After, with the same Idempotency-Key", async () => {
  let turn = 0;
  const flaky = refusing(2, () => busy(turn++ === 0 ? 429 : 503, "0"));
  const client = new Oanquan({ baseUrl: server.base, fetch: flaky.fetch });
  const player = await client.registerPlayer("Tam");
  assert.equal(flaky.seen.length, 3);
  const keys = new Set(flaky.seen.map((request) => request.headers.get("Idempotency-Key")));
  assert.equal(keys.size, 1, "every attempt sent the same key");
  assert.ok(!keys.has(null));
  assert.match(player.token, /^oq_/);
});

test("retries stop at maxAttempts, and before a Retry-After beyond maxRetryWaitMs", async () => {
  const always = refusing(Number.POSITIVE_INFINITY, () => busy(429, "0"));
  const few = new Oanquan({ baseUrl: server.base, fetch: always.fetch, maxAttempts: 2 });
  await assert.rejects(few.getGame("g_0000000000000000000000"), (e: unknown) => e instanceof ProblemError && e.status === 429);
  assert.equal(always.seen.length, 2);

  const far = refusing(Number.POSITIVE_INFINITY, () => busy(503, "3600"));
  const impatient = new Oanquan({ baseUrl: server.base, fetch: far.fetch, maxRetryWaitMs: 1_000 });
  const started = Date.now();
  await assert.rejects(impatient.getGame("g_0000000000000000000000"), (e: unknown) => e instanceof ProblemError && e.status === 503);
  assert.equal(far.seen.length, 1, "a wait past the budget is not waited");
  assert.ok(Date.now() - started < 1_000);
});

/** Where the `events`-th event of a stream's text ends, if it is there. */
function endOfEvent(text: string, events: number, ndjson: boolean): number | undefined {
  const frames = ndjson ? /[^\n]+\n/g : /(?:^|\n)((?:[^\n]+\n)+)\n/g;
  let seen = 0;
  for (const found of text.matchAll(frames)) {
    if (!ndjson && !/^data:/m.test(found[0])) continue;
    if (++seen === events) return (found.index ?? 0) + found[0].length;
  }
  return undefined;
}

/** A fetch whose first stream answer breaks off right after its `events`-th event. */
function dropping(events: number): { fetch: Fetch; lastEventIds: (string | null)[] } {
  const lastEventIds: (string | null)[] = [];
  return {
    lastEventIds,
    fetch: async (request) => {
      const response = await fetch(request);
      if (!new URL(request.url).pathname.endsWith("/stream")) return response;
      lastEventIds.push(request.headers.get("Last-Event-ID"));
      if (lastEventIds.length > 1 || response.body === null) return response;
      const ndjson = response.headers.get("Content-Type")?.startsWith("application/x-ndjson") ?? false;
      const reader = response.body.getReader();
      let text = "";
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          text += new TextDecoder().decode(value);
          const end = endOfEvent(text, events, ndjson);
          if (end === undefined) return controller.enqueue(value);
          const before = text.length - new TextDecoder().decode(value).length;
          controller.enqueue(new TextEncoder().encode(text.slice(before, end)));
          await reader.cancel();
          controller.error(new TypeError("the connection dropped"));
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    },
  };
}

for (const format of ["sse", "ndjson"] as StreamFormat[]) {
  test(`a dropped ${format} stream reconnects with Last-Event-ID: none missed, none twice`, async () => {
    const anonymous = new Oanquan({ baseUrl: server.base });
    const id = await playedGame(anonymous);
    const whole: GameStreamEvent[] = [];
    for await (const event of anonymous.streamGame(id, { since: 0, format })) whole.push(event);
    assert.equal(whole.at(-1)?.type, "ended");

    const cut = dropping(4);
    const resumed: GameStreamEvent[] = [];
    const client = new Oanquan({ baseUrl: server.base, fetch: cut.fetch, retryDelayMs: 1 });
    for await (const event of client.streamGame(id, { since: 0, format })) resumed.push(event);
    assert.deepEqual(resumed, whole);
    assert.equal(cut.lastEventIds.length, 2, "one reconnection");
    assert.equal(cut.lastEventIds[0], "0");
    assert.equal(cut.lastEventIds[1], String(whole[3]?.version), "it resumed after the last event it got");
  });
}

test("a record comes as JSON (GameRecord) or as text (string)", async () => {
  const anonymous = new Oanquan({ baseUrl: server.base });
  const id = await playedGame(anonymous);
  const json = await anonymous.exportRecord(id);
  assert.ok(json.value.moves.length > 0);
  assert.equal(typeof json.value.moves[0]?.notation, "string");
  const text = await anonymous.exportText(id);
  assert.equal(typeof text.value, "string");
  assert.match(text.value, /^\[Rules "classic"\]/);
});
