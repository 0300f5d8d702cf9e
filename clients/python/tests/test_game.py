"""Against the real server on a fresh database: two players register, play a
rated game to its end (each move with If-Match), read the leaderboard, and a
stream opened before the game sees every move; a stale ETag and a lost answer
go through the layer as they should."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import httpx
import pytest

from oanquan import GameStreamEvent, Oanquan, ProblemError
from oanquan.generated.api.history import export_game_text
from oanquan.generated.models import (
    GameEndedEvent,
    GameMoveEvent,
    GameSnapshotEvent,
    GameStatus,
    NewGame,
    SeatChoice,
    SeatName,
)

from .server import Server


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = Server()
    yield running
    running.stop()


def test_a_whole_game_the_leaderboard_and_the_stream(server: Server) -> None:
    with Oanquan(server.base) as anonymous:
        lan = anonymous.register_player("Lan")
        minh = anonymous.register_player("Minh")
        # Established players, so that their rated game moves both ratings.
        server.anchor(lan.id)
        server.anchor(minh.id)
        south = anonymous.with_token(lan.token)
        north = anonymous.with_token(minh.token)

        created = south.create_game(NewGame(rated=True, seat=SeatChoice.SOUTH, opponent=minh.id))
        assert created.etag == f'"{created.value.version}"'
        game_id = created.value.id

        events: list[GameStreamEvent] = []
        with Oanquan(server.base) as watcher:
            streaming = threading.Thread(target=lambda: events.extend(watcher.stream_game(game_id)))
            streaming.start()
            north.join_game(game_id)

            played: list[str] = []
            while True:
                tagged = south.get_game(game_id)
                game = tagged.value
                if game.status != GameStatus.ACTIVE:
                    break
                mover = south if game.to_move == SeatName.SOUTH else north
                # A fixed, varied choice: the game ends by capture in a few dozen moves.
                move = game.legal_moves[(game.ply * 7) % len(game.legal_moves)]
                answer = mover.submit_move(game_id, move, if_match=tagged.etag)
                assert answer.value.move.notation == move
                assert answer.etag == f'"{answer.value.game.version}"'
                played.append(move)
            streaming.join(30)
            assert not streaming.is_alive(), "the stream ends after the game's final event"

        assert game.status == GameStatus.FINISHED
        assert game.moves_played == len(played)

        # The text record has an operation of its own, which the generated client reads as text.
        record = export_game_text.sync(game_id, client=anonymous.client)
        assert isinstance(record, str) and record.startswith('[Rules "classic"]'), record

        board = anonymous.leaderboard("classic", include_provisional=True)
        assert {entry.player.id for entry in board.entries} == {lan.id, minh.id}
        assert all(entry.games == 1 for entry in board.entries)

        assert isinstance(events[0], GameSnapshotEvent)
        moves = [event for event in events if isinstance(event, GameMoveEvent)]
        assert [event.move.notation for event in moves] == played
        assert isinstance(events[-1], GameEndedEvent)
        versions = [event.version for event in events]
        assert versions == sorted(versions)

        rest = list(anonymous.stream_game(game_id, since=moves[2].version))
        assert rest == [event for event in events if event.version > moves[2].version]


def test_a_stale_etag_is_a_problem_error(server: Server) -> None:
    with Oanquan(server.base) as anonymous:
        a = anonymous.register_player("Quan")
        b = anonymous.register_player("Hoa")
        south = anonymous.with_token(a.token)
        created = south.create_game(NewGame(seat=SeatChoice.SOUTH))
        anonymous.with_token(b.token).join_game(created.value.id)
        with pytest.raises(ProblemError) as raised:
            south.submit_move(created.value.id, "1R", if_match=created.etag)
        assert (raised.value.status, raised.value.code) == (412, "precondition_failed")
        assert raised.value.detail


class LosesTwoAnswers(httpx.BaseTransport):
    """Sends every request for real, but loses the first answer (a network
    error) and replaces the second by a 503, as a proxy might."""

    def __init__(self) -> None:
        self.inner = httpx.HTTPTransport()
        self.keys: list[str | None] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.keys.append(request.headers.get("Idempotency-Key"))
        response = self.inner.handle_request(request)
        if len(self.keys) <= 2:
            response.read()
            response.close()
            if len(self.keys) == 1:
                raise httpx.ReadError("the answer was lost on the way", request=request)
            return httpx.Response(503, headers={"Retry-After": "0"}, content=b"busy", request=request)
        return response


def test_a_lost_answer_is_retried_with_the_same_idempotency_key(server: Server) -> None:
    flaky = LosesTwoAnswers()
    with Oanquan(server.base, transport=flaky, retry_delay=0.001) as client:
        player = client.register_player("Thu")
    assert len(flaky.keys) == 3
    assert flaky.keys[0] is not None and len(set(flaky.keys)) == 1, "every attempt sent the same key"
    with Oanquan(server.base, player.token) as me:
        got = me.client.get_httpx_client().get("/v1/me")
        assert got.json()["id"] == player.id, "the token of the replayed answer is the one registered"
