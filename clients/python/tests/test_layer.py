"""What the layer does beyond the generated client, against the real server:
bounded retries of 429 and 503 after their Retry-After, streams that reconnect
with Last-Event-ID (SSE and NDJSON) and miss nothing, the record's two media
types typed apart."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator

import httpx
import pytest

from oanquan import GameStreamEvent, Oanquan, ProblemError, StreamFormat, retry_after
from oanquan.generated.models import GameEndedEvent, GameRecord, GameStatus, NewGame, SeatChoice, SeatName

from .server import Server


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = Server()
    yield running
    running.stop()


def played_game(client: Oanquan) -> str:
    suffix = uuid.uuid4().hex[:8]
    a, b = client.register_player(f"An-{suffix}"), client.register_player(f"Binh-{suffix}")
    south, north = client.with_token(a.token), client.with_token(b.token)
    game_id = south.create_game(NewGame(seat=SeatChoice.SOUTH, opponent=b.id)).value.id
    north.join_game(game_id)
    while True:
        tagged = south.get_game(game_id)
        game = tagged.value
        if game.status != GameStatus.ACTIVE:
            return game_id
        mover = south if game.to_move == SeatName.SOUTH else north
        mover.submit_move(game_id, game.legal_moves[(game.ply * 7) % len(game.legal_moves)], if_match=tagged.etag)


def busy(status: int, wait: str, request: httpx.Request) -> httpx.Response:
    problem = {"type": "about:blank", "title": "busy", "status": status, "detail": "busy", "code": "rate_limited"}
    headers = {"Retry-After": wait, "Content-Type": "application/problem+json"}
    return httpx.Response(status, json=problem, headers=headers, request=request)


class Refusing(httpx.BaseTransport):
    """Answers the first ``times`` requests itself, the others by the server."""

    def __init__(self, times: float, answer: Callable[[httpx.Request], httpx.Response]) -> None:
        self.inner = httpx.HTTPTransport()
        self.times = times
        self.answer = answer
        self.seen: list[httpx.Request] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.seen.append(request)
        if len(self.seen) <= self.times:
            return self.answer(request)
        return self.inner.handle_request(request)


def test_retry_after_reads_seconds_and_http_dates() -> None:
    now = 1_796_378_400.0  # 2026-12-04T10:00:00Z
    assert retry_after(httpx.Headers({"Retry-After": "3"}), now) == 3.0
    assert retry_after(httpx.Headers({"Retry-After": "Fri, 04 Dec 2026 10:00:05 GMT"}), now) == 5.0
    assert retry_after(httpx.Headers({"Retry-After": "soon"}), now) is None


def test_a_429_and_a_503_are_retried_with_the_same_idempotency_key(server: Server) -> None:
    statuses = iter([429, 503])
    flaky = Refusing(2, lambda request: busy(next(statuses), "0", request))
    with Oanquan(server.base, transport=flaky) as client:
        player = client.register_player(f"Tam-{uuid.uuid4().hex[:8]}")
    assert len(flaky.seen) == 3
    keys = {request.headers.get("Idempotency-Key") for request in flaky.seen}
    assert len(keys) == 1 and None not in keys, "every attempt sent the same key"
    assert player.token.startswith("oq_")


def test_retries_stop_at_max_attempts_and_before_a_wait_past_the_budget(server: Server) -> None:
    always = Refusing(float("inf"), lambda request: busy(429, "0", request))
    with Oanquan(server.base, transport=always, max_attempts=2) as client, pytest.raises(ProblemError) as raised:
        client.get_game("g_0000000000000000000000")
    assert raised.value.status == 429
    assert len(always.seen) == 2

    far = Refusing(float("inf"), lambda request: busy(503, "3600", request))
    with Oanquan(server.base, transport=far, max_retry_wait=1.0) as client, pytest.raises(ProblemError) as raised:
        client.get_game("g_0000000000000000000000")
    assert raised.value.status == 503
    assert len(far.seen) == 1, "a wait past the budget is not waited"


class BreakingStream(httpx.SyncByteStream):
    """The first ``events`` events of a stream's body, then a dropped connection."""

    def __init__(self, inner: httpx.SyncByteStream, events: int, ndjson: bool) -> None:
        self.inner = inner
        self.events = events
        self.ndjson = ndjson

    def __iter__(self) -> Iterator[bytes]:
        text = ""
        sent = 0
        for chunk in self.inner:
            text += chunk.decode()
            separator = "\n" if self.ndjson else "\n\n"
            frames = [frame for frame in text.split(separator)[:-1] if frame.strip()]
            if not self.ndjson:
                frames = [frame for frame in frames if "\ndata:" in f"\n{frame}"]
            if len(frames) >= self.events:
                last = frames[self.events - 1]
                end = text.index(last + separator) + len(last) + len(separator)
                yield text[sent:end].encode()
                raise httpx.ReadError("the connection dropped")
            yield text[sent:].encode()
            sent = len(text)

    def close(self) -> None:
        if isinstance(self.inner, httpx.SyncByteStream):
            self.inner.close()


class Dropping(httpx.BaseTransport):
    """Breaks the first stream answer off after ``events`` events."""

    def __init__(self, events: int) -> None:
        self.inner = httpx.HTTPTransport()
        self.events = events
        self.last_event_ids: list[str | None] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self.inner.handle_request(request)
        if not request.url.path.endswith("/stream"):
            return response
        self.last_event_ids.append(request.headers.get("Last-Event-ID"))
        if len(self.last_event_ids) > 1:
            return response
        ndjson = response.headers.get("Content-Type", "").startswith("application/x-ndjson")
        assert isinstance(response.stream, httpx.SyncByteStream)
        broken = BreakingStream(response.stream, self.events, ndjson)
        return httpx.Response(response.status_code, headers=response.headers, stream=broken, request=request)


@pytest.mark.parametrize("format", ["sse", "ndjson"])
def test_a_dropped_stream_reconnects_with_last_event_id(server: Server, format: StreamFormat) -> None:
    with Oanquan(server.base) as client:
        game_id = played_game(client)
        whole: list[GameStreamEvent] = list(client.stream_game(game_id, since=0, format=format))
    assert isinstance(whole[-1], GameEndedEvent)
    cut = Dropping(4)
    with Oanquan(server.base, transport=cut, retry_delay=0.001) as client:
        resumed = list(client.stream_game(game_id, since=0, format=format))
    assert resumed == whole, "none missed, none twice"
    assert cut.last_event_ids == ["0", str(whole[3].version)], "it resumed after the last event it got"


def test_a_record_comes_as_json_or_as_text(server: Server) -> None:
    with Oanquan(server.base) as client:
        game_id = played_game(client)
        record = client.export_record(game_id).value
        assert isinstance(record, GameRecord)
        assert record.moves and isinstance(record.moves[0].notation, str)
        text = client.export_text(game_id).value
        assert text.startswith('[Rules "classic"]')
