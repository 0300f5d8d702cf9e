"""The streams' framings, and following a stream across reconnections.

- NDJSON (``application/x-ndjson``): one JSON value a line; an empty line is a
  heartbeat.
- Server-sent events (``text/event-stream``): ``field: value`` lines, an empty
  line ending an event; ``: …`` lines are comments (heartbeats, farewells).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

import httpx

from .errors import ProblemError
from .transport import RETRIED_STATUSES, RetryBudget

E = TypeVar("E")

StreamFormat = Literal["sse", "ndjson"]


def ndjson(lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    """The JSON objects of NDJSON lines, in order, skipping heartbeats."""
    for line in lines:
        if line.strip():
            value = json.loads(line)
            if not isinstance(value, dict):
                raise ValueError(f"an NDJSON line is not an object: {line!r}")
            yield value


@dataclass(frozen=True)
class ServerSentEvent:
    """One server-sent event, as the 3.2 spec's ``itemSchema`` of
    ``text/event-stream`` describes it."""

    event: str
    """Its name (``message`` when the stream gave none)."""
    data: str
    """Its data lines joined by ``\\n``; ``""`` for one that only set ``retry``."""
    id: str | None = None
    retry: int | None = None
    """The reconnection delay it set, in milliseconds."""


def server_sent_events(lines: Iterable[str]) -> Iterator[ServerSentEvent]:
    """The events of ``text/event-stream`` lines, comments left out (HTML's
    parsing rules)."""
    data: list[str] = []
    event = ""
    event_id: str | None = None
    retry: int | None = None
    for line in lines:
        if line == "":
            if data or retry is not None:
                yield ServerSentEvent(event or "message", "\n".join(data), event_id, retry)
            data, event, event_id, retry = [], "", None, None
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "data":
            data.append(value)
        elif name == "event":
            event = value
        elif name == "id" and "\0" not in value:
            event_id = value
        elif name == "retry" and value.isdigit():
            retry = int(value)


@dataclass
class StreamSource(Generic[E]):
    """What ``follow`` needs of one stream."""

    path: str
    parse: Callable[[dict[str, Any]], E]
    """The typed event of a message."""
    resume_after: Callable[[E, str | None], str | None]
    """Where a reconnection resumes after an event (given its SSE ``id``)."""
    is_final: Callable[[E], bool]
    """Whether the server ends the stream after this event."""
    params: dict[str, str] | None = None


def follow(
    client: httpx.Client,
    source: StreamSource[E],
    budget: RetryBudget,
    *,
    format: StreamFormat = "sse",
    last_event_id: str | None = None,
    read_timeout: float = 60.0,
    sleep: Callable[[float], None] = time.sleep,
) -> Iterator[E]:
    """A stream's typed events in order, across reconnections (each resuming
    after the last event seen with ``Last-Event-ID``, after the server's SSE
    ``retry``, or a 429's or 503's ``Retry-After``), until its final event, a
    204 (nothing left to replay), an error answer (raised as a
    ``ProblemError``), or the budget of attempts that bring no event is
    spent. ``budget`` with one attempt never reconnects."""
    retry_ms: int | None = None
    while True:
        budget.attempt()
        headers = {"Accept": "text/event-stream" if format == "sse" else "application/x-ndjson"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        dropped: Exception | None = None
        try:
            with client.stream(
                "GET",
                source.path,
                params=source.params or {},
                headers=headers,
                timeout=httpx.Timeout(10.0, read=read_timeout),
            ) as response:
                if response.status_code == 204:
                    return
                if response.status_code >= 400:
                    pause = budget.next(response.headers) if response.status_code in RETRIED_STATUSES else None
                    if pause is None:
                        raise ProblemError.from_response(response.status_code, response.headers, response.read())
                    sleep(pause)
                    continue
                if format == "sse":
                    for frame in server_sent_events(response.iter_lines()):
                        if frame.retry is not None:
                            retry_ms = frame.retry
                        if frame.data == "":
                            continue
                        event = source.parse(json.loads(frame.data))
                        last_event_id = source.resume_after(event, frame.id) or last_event_id
                        budget.reset()
                        yield event
                        if source.is_final(event):
                            return
                else:
                    for message in ndjson(response.iter_lines()):
                        event = source.parse(message)
                        last_event_id = source.resume_after(event, None) or last_event_id
                        budget.reset()
                        yield event
                        if source.is_final(event):
                            return
        except httpx.TransportError as error:
            dropped = error
        # The connection ended (or failed) before the stream's final event.
        pause = budget.next()
        if pause is None:
            if dropped is not None:
                raise dropped
            return
        sleep(retry_ms / 1000 if retry_ms is not None else pause)
