import { test } from "node:test";
import assert from "node:assert/strict";

import bn from "../../app/locales/bn.js";
import en from "../../app/locales/en.js";
import pl from "../../app/locales/pl.js";
import vi from "../../app/locales/vi.js";

/** @param {string} text */
const placeholders = (text) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

const OTHERS = /** @type {const} */ ({ vi, pl, bn });

test("every language has exactly English's keys, each with text and the same placeholders", () => {
  for (const [name, messages] of Object.entries(OTHERS)) {
    assert.deepEqual(Object.keys(messages).sort(), Object.keys(en).sort(), `${name}: the same keys`);
    for (const [key, text] of Object.entries(en)) {
      const translated = /** @type {Record<string, string>} */ (messages)[key];
      assert.ok(translated.trim().length > 0, `${name}: ${key} is empty`);
      assert.deepEqual(placeholders(translated), placeholders(text), `${name}: ${key}'s placeholders`);
    }
  }
});

test("Polish and Bengali are translated: no message is left in English but names and codes", () => {
  const SAME_ALLOWED = /^(nav\.api|game\.bot|lobby\.heading|leaderboard\.rank|game\.ratingChange|preset\.online)$/;
  for (const [name, messages] of Object.entries({ pl, bn })) {
    const untranslated = Object.entries(en)
      .filter(([key, text]) => /[a-z]{3}/.test(text) && /** @type {Record<string, string>} */ (messages)[key] === text && !SAME_ALLOWED.test(key))
      .map(([key]) => key);
    assert.deepEqual(untranslated, [], `${name}: left in English`);
  }
});

test("Bengali is written in its own script", () => {
  const bengali = Object.values(bn).filter((text) => /[\u0980-\u09FF]/.test(text)).length;
  assert.ok(bengali / Object.keys(bn).length > 0.9, `${bengali} of ${Object.keys(bn).length} messages in Bengali script`);
});

test("every problem code in the API's spec has a message, so none is shown in the server's English", async () => {
  const { readFile } = await import("node:fs/promises");
  const spec = JSON.parse(await readFile(new URL("../../../openapi/openapi.json", import.meta.url), "utf8"));
  const codes = /** @type {string[]} */ (spec.components.schemas.ProblemCode.enum);
  const missing = codes.filter((code) => !(`problem.${code}` in en));
  assert.deepEqual(missing, []);
});
