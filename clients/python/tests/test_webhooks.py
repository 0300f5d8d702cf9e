"""The webhook signature helper: the Standard Webhooks specification's
published example, tampering, the timestamp window, and (when the reference
library ``standardwebhooks`` is installed) agreement with it."""

from __future__ import annotations

import base64
import os
import time
from datetime import UTC, datetime

import pytest

from oanquan.webhooks import WebhookVerificationError, sign_webhook, verify_webhook

# The example of the Standard Webhooks specification and its libraries' tests.
SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
ID = "msg_p5jXN8AQM9LWM0D4loKWxJek"
TIMESTAMP = 1614265330
BODY = '{"test": 2432232314}'
SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="


def headers(signature: str = SIGNATURE, timestamp: int = TIMESTAMP) -> dict[str, str]:
    return {"Webhook-Id": ID, "webhook-timestamp": str(timestamp), "webhook-signature": signature}


def test_the_published_example_signs_and_verifies() -> None:
    assert sign_webhook(SECRET, ID, TIMESTAMP, BODY) == SIGNATURE
    assert verify_webhook(SECRET, headers(), BODY, now=TIMESTAMP + 10) == {"test": 2432232314}
    # One of several signatures (a rotation) is enough.
    assert verify_webhook(SECRET, headers("v1,AAAA " + SIGNATURE), BODY, now=TIMESTAMP)


def test_tampering_and_stale_deliveries_are_refused() -> None:
    with pytest.raises(WebhookVerificationError):
        verify_webhook(SECRET, headers(), '{"test": 2432232315}', now=TIMESTAMP)
    other = "whsec_" + base64.b64encode(b"another secret of 24 bytes").decode()
    with pytest.raises(WebhookVerificationError):
        verify_webhook(other, headers(), BODY, now=TIMESTAMP)
    with pytest.raises(WebhookVerificationError):
        verify_webhook(SECRET, headers(), BODY, now=TIMESTAMP + 301)
    with pytest.raises(WebhookVerificationError):
        verify_webhook(SECRET, {"webhook-id": ID}, BODY, now=TIMESTAMP)


def test_agrees_with_the_reference_library() -> None:
    standardwebhooks = pytest.importorskip("standardwebhooks")
    secret = "whsec_" + base64.b64encode(os.urandom(32)).decode()
    now = int(time.time())
    body = '{"type":"ping","timestamp":"2026-12-07T00:00:00Z","data":{"endpoint_id":"ep_x"}}'
    ours = sign_webhook(secret, "msg_0123", now, body)
    reference = standardwebhooks.Webhook(secret)
    theirs = reference.sign("msg_0123", datetime.fromtimestamp(now, tz=UTC), body)
    assert ours == theirs
    reference.verify(body, {"webhook-id": "msg_0123", "webhook-timestamp": str(now), "webhook-signature": ours})
    assert verify_webhook(
        secret, {"webhook-id": "msg_0123", "webhook-timestamp": str(now), "webhook-signature": theirs}, body
    )
