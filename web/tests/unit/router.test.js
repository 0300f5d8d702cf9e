import { test } from "node:test";
import assert from "node:assert/strict";

import { decodeSegment, matchRoute } from "../../app/core/router.js";

test("a path's segments are decoded into the route's params", () => {
  const route = matchRoute("/players/L%C3%A2m", "?tab=games");
  assert.equal(route.name, "player");
  assert.deepEqual(route.params, ["Lâm"]);
  assert.equal(route.query.get("tab"), "games");
  assert.deepEqual(matchRoute("/games/aB3dE6gH9j", "").params, ["aB3dE6gH9j"]);
});

test("a segment whose escapes are not UTF-8 is the not-found page, not a URIError", () => {
  for (const path of ["/games/%E0%A4%A", "/games/%", "/players/%FF", "/leaderboards/%C3%28"]) {
    const route = matchRoute(path, "");
    assert.equal(route.name, "notFound", path);
    assert.deepEqual(route.params, [], path);
    assert.equal(route.path, path);
  }
  assert.equal(decodeSegment("%E0%A4%A"), null);
  assert.equal(decodeSegment("%E0%A4%A4"), "त");
});

test("the tournaments' list and a tournament have pages", () => {
  assert.equal(matchRoute("/tournaments", "?status=running").name, "tournaments");
  const route = matchRoute("/tournaments/Tn4x9QzLp2", "");
  assert.equal(route.name, "tournament");
  assert.deepEqual(route.params, ["Tn4x9QzLp2"]);
  assert.equal(matchRoute("/tournaments/a/b", "").name, "notFound");
});
