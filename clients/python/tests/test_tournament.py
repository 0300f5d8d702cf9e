"""Against the real server on a fresh database: a round-robin of two is
followed on its stream while its one game is resigned; every message comes
once, in order, and no step is a gap."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from oanquan import Oanquan, TournamentStreamEvent, tournament_gap
from oanquan.generated.api.games import resign_game
from oanquan.generated.api.tournaments import create_tournament, get_tournament, join_tournament, start_tournament
from oanquan.generated.models import (
    NewTournamentBody,
    TournamentClock,
    TournamentFinishedEvent,
    TournamentGameEndedEvent,
    TournamentSnapshotEvent,
    TournamentView,
)

from .server import Server


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = Server()
    yield running
    running.stop()


def test_a_round_robin_of_two_is_followed_to_its_end(server: Server) -> None:
    with Oanquan(server.base) as anonymous:
        lan = anonymous.register_player("Lan")
        minh = anonymous.register_player("Minh")
        players = {lan.id: anonymous.with_token(lan.token), minh.id: anonymous.with_token(minh.token)}
        body = NewTournamentBody(
            name="Club night", format_="round_robin", clock=TournamentClock(initial_s=300, increment_s=3)
        )
        created = create_tournament.sync(client=players[lan.id].authenticated, body=body)
        assert isinstance(created, TournamentView)
        for player in players.values():
            join_tournament.sync(created.id, client=player.authenticated)

        events: list[TournamentStreamEvent] = []
        with Oanquan(server.base) as watcher:
            streaming = threading.Thread(target=lambda: events.extend(watcher.stream_tournament(created.id)))
            streaming.start()
            deadline = time.monotonic() + 10
            while not events and time.monotonic() < deadline:
                time.sleep(0.02)
            start_tournament.sync(created.id, client=players[lan.id].authenticated)
            started = get_tournament.sync(created.id, client=anonymous.client)
            assert isinstance(started, TournamentView)
            board = started.pairings[0]
            assert isinstance(board.game_id, str)
            resign_game.sync(board.game_id, client=players[board.south.id].authenticated)
            streaming.join(30)
            assert not streaming.is_alive(), "the stream ends after finished"

        # A `standings` follows the start unless the stream read the start
        # and the result at once (then the `finished` has the standings).
        assert [(str(e.type_), e.version) for e in events if str(e.type_) != "standings"] == [
            ("snapshot", 0),
            ("pairing", 1),
            ("game_ended", 2),
            ("finished", 3),
        ]
        assert isinstance(events[0], TournamentSnapshotEvent)
        ended = next(e for e in events if isinstance(e, TournamentGameEndedEvent))
        assert (ended.game_id, ended.result, ended.south_points, ended.north_points) == (
            board.game_id,
            "north_won",
            0.0,
            1.0,
        )
        finished = events[-1]
        assert isinstance(finished, TournamentFinishedEvent)
        assert board.north is not None
        assert finished.standings[0].player.id == board.north.id
        previous: int | None = None
        for event in events:
            assert not tournament_gap(previous, event), event
            previous = event.version
