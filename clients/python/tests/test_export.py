"""The bulk export as a generator, against the real server on a fresh
database: four finished games and one in progress; the export gives each
finished game once, newest first; the player's export and the filters narrow
it; a connection dropped after some records resumes with ``after=`` and misses
none, repeats none. And the opening explorer counts the games."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import httpx
import pytest

from oanquan import Oanquan, ProblemError
from oanquan.generated.models import GameRecord, GameStatus, NewGame, RulesInput, SeatChoice, SeatName
from oanquan.generated.models.preset_name import PresetName

from .server import Server


@dataclass(frozen=True)
class Played:
    id: str
    south: str
    north: str
    preset: str
    first: str


@dataclass
class World:
    server: Server
    players: dict[str, tuple[str, Oanquan]]
    finished: list[Played]
    unfinished: str

    def newest_first(self, player: str | None = None) -> list[str]:
        return [g.id for g in reversed(self.finished) if player is None or player in (g.south, g.north)]


def play(world: World, south: str, north: str, preset: str, opening: list[str]) -> None:
    (south_id, s), (north_id, n) = world.players[south], world.players[north]
    game = s.create_game(
        NewGame(
            seat=SeatChoice.SOUTH,
            first=SeatChoice.SOUTH,
            opponent=north_id,
            rules=RulesInput(preset=PresetName(preset)),
        )
    ).value
    n.join_game(game.id)
    while True:
        tagged = s.get_game(game.id)
        now = tagged.value
        if now.status != GameStatus.ACTIVE:
            break
        move = (
            opening[now.moves_played]
            if now.moves_played < len(opening)
            else now.legal_moves[(now.ply * 7) % len(now.legal_moves)]
        )
        (s if now.to_move == SeatName.SOUTH else n).submit_move(game.id, move, if_match=tagged.etag)
    world.finished.append(Played(game.id, south_id, north_id, preset, opening[0]))


@pytest.fixture(scope="module")
def world() -> Iterator[World]:
    server = Server()
    anonymous = Oanquan(server.base)
    suffix = uuid.uuid4().hex[:6]
    players = {}
    for who in "abc":
        created = anonymous.register_player(f"{who.upper()}-{suffix}")
        players[who] = (created.id, anonymous.with_token(created.token))
    made = World(server, players, [], "")
    play(made, "a", "b", "classic", ["3R", "2L"])
    play(made, "b", "a", "classic", ["3R", "4R"])
    play(made, "a", "c", "classic", ["1L"])
    play(made, "b", "c", "village", ["5L"])
    open_game = players["a"][1].create_game(NewGame(seat=SeatChoice.SOUTH, opponent=players["c"][0])).value
    players["c"][1].join_game(open_game.id)
    made.unfinished = open_game.id
    yield made
    anonymous.close()
    server.stop()


def test_every_finished_game_exactly_once_newest_first(world: World) -> None:
    with Oanquan(world.server.base) as client:
        records = list(client.export_games())
    assert [r.id for r in records] == world.newest_first()
    assert world.unfinished not in {r.id for r in records}
    by_id = {g.id: g for g in world.finished}
    for record in records:
        assert record.status == GameStatus.FINISHED
        assert record.moves and record.moves[0].notation == by_id[record.id].first
        assert record.players.south is not None and record.players.south.id == by_id[record.id].south


def test_a_players_export_and_the_filters(world: World) -> None:
    a = world.players["a"][0]
    with Oanquan(world.server.base) as client:

        def ids(records: Iterator[GameRecord]) -> list[str]:
            return [r.id for r in records]

        assert len(world.newest_first(a)) == 3
        assert ids(client.export_player_games(a)) == world.newest_first(a)
        assert ids(client.export_games(player=a)) == world.newest_first(a)
        village = [g.id for g in world.finished if g.preset == "village"]
        assert ids(client.export_games(preset="village")) == village
        assert ids(client.export_player_games(a, preset=PresetName.VILLAGE)) == []
        assert ids(client.export_games(max=2)) == world.newest_first()[:2]
        assert ids(client.export_games(status=GameStatus.ACTIVE)) == [world.unfinished]
        bare = list(client.export_games(with_moves=False, max=1))
        assert len(bare) == 1 and bare[0].moves == []
        every = world.newest_first()
        assert ids(client.export_games(after=every[1])) == every[2:]


class Cutting(httpx.SyncByteStream):
    """The first ``records`` lines of an export and part of the next, then a dropped connection."""

    def __init__(self, inner: httpx.SyncByteStream, records: int) -> None:
        self.inner = inner
        self.records = records

    def __iter__(self) -> Iterator[bytes]:
        text = b""
        sent = 0
        for chunk in self.inner:
            text += chunk
            lines = text.split(b"\n")
            if len(lines) > self.records:
                end = sum(len(line) + 1 for line in lines[: self.records])
                yield text[sent : min(len(text), end + 20)]
                raise httpx.ReadError("the connection dropped")
            yield text[sent:]
            sent = len(text)

    def close(self) -> None:
        self.inner.close()


class Dropping(httpx.BaseTransport):
    """Breaks the first export answer off after ``records`` records."""

    def __init__(self, records: int) -> None:
        self.inner = httpx.HTTPTransport()
        self.records = records
        self.urls: list[httpx.URL] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/export"):
            # Uncompressed, so that the cut falls between the lines of the body.
            request.headers["Accept-Encoding"] = "identity"
        response = self.inner.handle_request(request)
        if not request.url.path.endswith("/export"):
            return response
        self.urls.append(request.url)
        if len(self.urls) > 1:
            return response
        assert isinstance(response.stream, httpx.SyncByteStream)
        broken = Cutting(response.stream, self.records)
        return httpx.Response(response.status_code, headers=response.headers, stream=broken, request=request)


@pytest.mark.parametrize("cut_after", [1, 3])
def test_a_dropped_export_resumes_after_the_last_record(world: World, cut_after: int) -> None:
    whole = world.newest_first()
    cut = Dropping(cut_after)
    with Oanquan(world.server.base, transport=cut, retry_delay=0.001) as client:
        resumed = [r.id for r in client.export_games()]
    assert resumed == whole, "none missed, none twice"
    assert len(cut.urls) == 2, "one reconnection"
    assert cut.urls[0].params.get("after") is None
    assert cut.urls[1].params.get("after") == whole[cut_after - 1]
    assert cut.urls[1].params.get("format") == "ndjson"

    a = world.players["a"][0]
    limited = Dropping(1)
    with Oanquan(world.server.base, transport=limited, retry_delay=0.001) as client:
        two = [r.id for r in client.export_player_games(a, max=2)]
    assert two == world.newest_first(a)[:2]
    assert limited.urls[1].params.get("max") == "1", "the resumption asks only for what is left"


def test_without_reconnecting_a_drop_is_the_callers(world: World) -> None:
    got: list[str] = []
    with Oanquan(world.server.base, transport=Dropping(1)) as client, pytest.raises(httpx.TransportError):
        for record in client.export_games(reconnect=False):
            got.append(record.id)
    assert len(got) == 1


def test_a_bad_filter_or_an_unknown_player_is_a_problem(world: World) -> None:
    with Oanquan(world.server.base) as client:
        with pytest.raises(ProblemError) as raised:
            list(client.export_games(preset="chess"))
        assert raised.value.status == 400 and raised.value.code == "invalid_query"
        with pytest.raises(ProblemError) as raised:
            list(client.export_player_games("zzzzzzzzz0"))
        assert raised.value.status == 404 and raised.value.code == "player_not_found"


def test_the_explorer_counts_the_games(world: World) -> None:
    classic = [g for g in world.finished if g.preset == "classic"]
    with Oanquan(world.server.base) as client:
        start = client.explorer(preset="classic")
        assert start.games == len(classic)
        assert start.south_wins + start.north_wins + start.draws == len(classic)
        assert {m.move: m.games for m in start.moves} == {"3R": 2, "1L": 1}
        after = client.explorer(play=["3R"], rules={"preset": "classic"})
        assert after.games == 2
        assert sorted((m.move, m.games) for m in after.moves) == [("2L", 1), ("4R", 1)]
        assert len(after.recent_games) == 2
        village = client.explorer(preset=PresetName.VILLAGE)
        assert village.games == 1 and village.moves[0].move == "5L"
