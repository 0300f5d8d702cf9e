import { test } from "node:test";
import assert from "node:assert/strict";

import { formatClock, remaining, serverOffset } from "../../app/game/clock.js";

test("the running side counts down to its deadline; the other keeps its time", () => {
  const now = Date.parse("2030-01-01T10:00:00Z");
  const clock = { south_ms: 300_000, north_ms: 120_000, running: /** @type {const} */ ("north"), deadline: "2030-01-01T10:01:30Z" };
  assert.deepEqual(remaining(clock, now, 0), { south: 300_000, north: 90_000 });
  assert.deepEqual(remaining(clock, now + 100_000, 0), { south: 300_000, north: 0 }, "never below zero");
  // Our clock is 10 s behind the server's: 10 s less remain.
  assert.deepEqual(remaining(clock, now, 10_000), { south: 300_000, north: 80_000 });
});

test("a skew within the Date header's resolution is ignored", () => {
  const at = Date.parse("Wed, 01 Jan 2030 10:00:00 GMT");
  assert.equal(serverOffset("Wed, 01 Jan 2030 10:00:00 GMT", at + 900), 0);
  assert.equal(serverOffset("Wed, 01 Jan 2030 10:00:10 GMT", at), 10_000);
  assert.equal(serverOffset(null, at), 0);
});

test("clocks read as people write them", () => {
  assert.equal(formatClock(305_000), "5:05");
  assert.equal(formatClock(9_450), "0:09.4");
  assert.equal(formatClock(3_725_000), "1:02:05");
  assert.equal(formatClock(2 * 86_400_000 + 3 * 3_600_000), "2d 3h");
  assert.equal(formatClock(-5), "0:00.0");
});
