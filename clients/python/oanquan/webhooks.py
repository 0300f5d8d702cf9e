"""Verifying the server's webhook deliveries (Standard Webhooks).

Each delivery carries ``webhook-id``, ``webhook-timestamp`` and
``webhook-signature: v1,<base64 HMAC-SHA256>`` of ``<id>.<timestamp>.<body>``,
keyed with the base64-decoded part of the endpoint's secret after
``whsec_``. :func:`verify_webhook` checks one and returns its JSON body.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Mapping
from typing import Any

SECRET_PREFIX = "whsec_"
#: How far a delivery's timestamp may be from the receiver's clock, seconds.
DEFAULT_TOLERANCE_S = 300


class WebhookVerificationError(Exception):
    """A delivery that is not signed with the secret, or too old or new."""


def sign_webhook(secret: str, webhook_id: str, timestamp: int, body: bytes | str) -> str:
    """The ``webhook-signature`` of a message: ``v1,<base64 HMAC-SHA256>``."""
    key = base64.b64decode(secret.removeprefix(SECRET_PREFIX))
    payload = body.encode() if isinstance(body, str) else body
    signed = f"{webhook_id}.{timestamp}.".encode() + payload
    digest = hmac.new(key, signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def verify_webhook(
    secret: str,
    headers: Mapping[str, str],
    body: bytes | str,
    *,
    tolerance_s: int = DEFAULT_TOLERANCE_S,
    now: float | None = None,
) -> Any:
    """Checks a delivery's signature and timestamp; its JSON body.

    ``headers`` is looked up case-insensitively. Raises
    :class:`WebhookVerificationError` when a header is missing, the
    timestamp is more than ``tolerance_s`` from ``now`` (the clock), or no
    ``v1`` signature of the header matches.
    """
    lower = {name.lower(): value for name, value in headers.items()}
    try:
        webhook_id = lower["webhook-id"]
        timestamp_text = lower["webhook-timestamp"]
        signatures = lower["webhook-signature"]
    except KeyError as missing:
        raise WebhookVerificationError(f"missing header {missing}") from None
    try:
        timestamp = int(timestamp_text)
    except ValueError:
        raise WebhookVerificationError("webhook-timestamp is not a number") from None
    clock = time.time() if now is None else now
    if abs(clock - timestamp) > tolerance_s:
        raise WebhookVerificationError("webhook-timestamp is too far from the clock")
    expected = sign_webhook(secret, webhook_id, timestamp, body).encode()
    for signature in signatures.split(" "):
        if hmac.compare_digest(signature.strip().encode(), expected):
            return json.loads(body)
    raise WebhookVerificationError("no signature matches")
