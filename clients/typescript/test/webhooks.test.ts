// The webhook signature helper against the Standard Webhooks specification's
// published example: it signs as published, verifies, and refuses tampering
// and stale deliveries.

import assert from "node:assert/strict";
import { test } from "node:test";

import { signWebhook, verifyWebhook, WebhookVerificationError } from "../src/index.js";

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const id = "msg_p5jXN8AQM9LWM0D4loKWxJek";
const timestamp = 1614265330;
const body = '{"test": 2432232314}';
const signature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
const headers = (sig = signature) =>
  new Headers({ "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": sig });

test("the published example signs and verifies", () => {
  assert.equal(signWebhook(secret, id, timestamp, body), signature);
  assert.deepEqual(verifyWebhook(secret, headers(), body, { nowS: timestamp + 10 }), { test: 2432232314 });
  assert.deepEqual(verifyWebhook(secret, { "Webhook-Id": id, "webhook-timestamp": String(timestamp), "webhook-signature": `v1,AAAA ${signature}` }, body, { nowS: timestamp }), { test: 2432232314 });
});

test("tampered, foreign and stale deliveries are refused", () => {
  assert.throws(() => verifyWebhook(secret, headers(), '{"test": 2432232315}', { nowS: timestamp }), WebhookVerificationError);
  assert.throws(() => verifyWebhook("whsec_" + Buffer.from("another secret of 24 bytes").toString("base64"), headers(), body, { nowS: timestamp }), WebhookVerificationError);
  assert.throws(() => verifyWebhook(secret, headers(), body, { nowS: timestamp + 301 }), WebhookVerificationError);
  assert.throws(() => verifyWebhook(secret, { "webhook-id": id }, body, { nowS: timestamp }), WebhookVerificationError);
});
