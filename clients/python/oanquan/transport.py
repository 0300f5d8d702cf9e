"""What every request goes through: an ``Idempotency-Key`` on every write, and retries (network errors, 503) that resend the same key, so
a write whose answer was lost is answered again instead of done twice."""

from __future__ import annotations

import time
import uuid

import httpx

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
MAX_RETRY_AFTER_S = 5.0


class RetryingTransport(httpx.BaseTransport):
    """Wraps a transport: sets an ``Idempotency-Key`` on writes, and retries a
    request safe to repeat (a read, or a write with a key) after a network
    error or a 503, with the same headers, hence the same key."""

    def __init__(
        self,
        inner: httpx.BaseTransport | None = None,
        *,
        retries: int = 3,
        retry_delay: float = 0.1,
    ) -> None:
        self._inner = inner if inner is not None else httpx.HTTPTransport()
        self._retries = retries
        self._retry_delay = retry_delay

    def _pause(self, attempt: int, response: httpx.Response | None) -> float:
        if response is not None:
            try:
                return min(float(response.headers.get("Retry-After", "")), MAX_RETRY_AFTER_S)
            except ValueError:
                pass
        return float(self._retry_delay * 2**attempt)

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if request.method not in SAFE_METHODS and "Idempotency-Key" not in request.headers:
            request.headers["Idempotency-Key"] = str(uuid.uuid4())
        repeatable = request.method in SAFE_METHODS or "Idempotency-Key" in request.headers
        request.read()  # the body, kept for the retries
        attempt = 0
        while True:
            last = not repeatable or attempt >= self._retries
            try:
                response = self._inner.handle_request(request)
            except httpx.TransportError:
                if last:
                    raise
                time.sleep(self._pause(attempt, None))
                attempt += 1
                continue
            if response.status_code != 503 or last:
                return response
            response.read()
            response.close()
            time.sleep(self._pause(attempt, response))
            attempt += 1

    def close(self) -> None:
        self._inner.close()
