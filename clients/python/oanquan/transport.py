"""What every request goes through: an ``Idempotency-Key`` on every write, and
bounded retries (network errors, 429, 503, after the answer's ``Retry-After``)
that resend the same key, so a write whose answer was lost is answered again
instead of done twice."""

from __future__ import annotations

import email.utils
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field

import httpx

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
RETRIED_STATUSES = frozenset({429, 503})
"""Too many requests, and unavailable (overloaded, too many streams)."""


def retry_after(headers: httpx.Headers, now: float | None = None) -> float | None:
    """A ``Retry-After`` in seconds (seconds, or an HTTP date); ``None`` when
    absent or unreadable."""
    value = headers.get("Retry-After", "").strip()
    if not value:
        return None
    if value.isdigit():
        return float(value)
    try:
        at = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, at.timestamp() - (time.time() if now is None else now))


@dataclass
class RetryBudget:
    """Attempts in all (the first included) and the most time spent waiting
    between them; a pause is the answer's ``Retry-After``, else a delay that
    doubles."""

    max_attempts: int = 4
    max_wait: float = 30.0
    delay: float = 0.1
    attempts: int = field(default=0, init=False)
    waited: float = field(default=0.0, init=False)

    def attempt(self) -> None:
        self.attempts += 1

    def next(self, headers: httpx.Headers | None = None) -> float | None:
        """The pause before the next attempt; ``None`` when the budget allows
        no other (no attempts left, or the pause would pass the total wait)."""
        if self.attempts >= max(1, self.max_attempts):
            return None
        asked = None if headers is None else retry_after(headers)
        pause = asked if asked is not None else self.delay * 2 ** max(0, self.attempts - 1)
        if self.waited + pause > self.max_wait:
            return None
        self.waited += pause
        return pause

    def reset(self) -> None:
        self.attempts = 0
        self.waited = 0.0


class RetryingTransport(httpx.BaseTransport):
    """Wraps a transport: sets an ``Idempotency-Key`` on writes, and retries a
    request safe to repeat (a read, or a write with a key) after a network
    error, a 429 or a 503, with the same headers, hence the same key, within
    ``max_attempts`` and ``max_retry_wait`` (seconds); then the last answer
    (or error) is the caller's."""

    def __init__(
        self,
        inner: httpx.BaseTransport | None = None,
        *,
        max_attempts: int = 4,
        max_retry_wait: float = 30.0,
        retry_delay: float = 0.1,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._inner = inner if inner is not None else httpx.HTTPTransport()
        self._max_attempts = max_attempts
        self._max_retry_wait = max_retry_wait
        self._retry_delay = retry_delay
        self._sleep = sleep

    def budget(self, repeatable: bool = True) -> RetryBudget:
        return RetryBudget(self._max_attempts if repeatable else 1, self._max_retry_wait, self._retry_delay)

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if request.method not in SAFE_METHODS and "Idempotency-Key" not in request.headers:
            request.headers["Idempotency-Key"] = str(uuid.uuid4())
        repeatable = request.method in SAFE_METHODS or "Idempotency-Key" in request.headers
        request.read()  # the body, kept for the retries
        budget = self.budget(repeatable)
        while True:
            budget.attempt()
            try:
                response = self._inner.handle_request(request)
            except httpx.TransportError:
                pause = budget.next()
                if pause is None:
                    raise
                self._sleep(pause)
                continue
            if response.status_code not in RETRIED_STATUSES:
                return response
            pause = budget.next(response.headers)
            if pause is None:
                return response
            response.read()
            response.close()
            self._sleep(pause)

    def close(self) -> None:
        self._inner.close()
