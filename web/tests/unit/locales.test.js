import { test } from "node:test";
import assert from "node:assert/strict";

import en from "../../app/locales/en.js";
import vi from "../../app/locales/vi.js";

/** @param {string} text */
const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test("both languages have the same messages with the same placeholders", () => {
  assert.deepEqual(Object.keys(vi).sort(), Object.keys(en).sort());
  for (const [key, text] of Object.entries(en)) {
    assert.deepEqual(placeholders(vi[key]), placeholders(text), key);
    assert.ok(vi[key].trim().length > 0, key);
  }
});
