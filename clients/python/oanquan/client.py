"""The oanquan client: the generated package ``oanquan_api``
(openapi-python-client) plus a thin layer: the bearer token, ETag / If-Match,
Idempotency-Key with bounded retries (network errors, 429, 503 after
``Retry-After``), problem+json errors as ``ProblemError``, and the streams as
iterators of typed events that reconnect with ``Last-Event-ID``."""

from __future__ import annotations

import datetime
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypedDict, TypeVar, Unpack
from urllib.parse import quote

import httpx

from .errors import ProblemError
from .generated.api.analysis import explore
from .generated.api.games import create_game, get_game, join_game, submit_move
from .generated.api.history import export_game, export_game_text
from .generated.api.players import create_player
from .generated.api.ratings import get_leaderboard
from .generated.client import AuthenticatedClient, Client
from .generated.models import (
    CreatedPlayer,
    ExplorerAnswer,
    GameAbortedEvent,
    GameCancelledEvent,
    GameEndedEvent,
    GameExpiredEvent,
    GameJoinedEvent,
    GameMoveEvent,
    GameRecord,
    GameSnapshotEvent,
    GameStatus,
    GameView,
    LeaderboardPage,
    LobbyCancelledEvent,
    LobbyCreatedEvent,
    LobbyExpiredEvent,
    LobbyJoinedEvent,
    LobbySnapshotEvent,
    MeChallengeEvent,
    MeChallengeUpdateEvent,
    MeGameEndedEvent,
    MeGameStartedEvent,
    MeSnapshotEvent,
    MeWebhookDisabledEvent,
    MeYourTurnEvent,
    MoveInput,
    NewGame,
    NewPlayer,
    PlayedMove,
    PresetName,
    RecordFormat,
    RulesInput,
    SeatName,
    TournamentFinishedEvent,
    TournamentGameEndedEvent,
    TournamentPairingEvent,
    TournamentSnapshotEvent,
    TournamentStandingsEvent,
)
from .generated.types import UNSET, Response
from .stream import StreamFormat, StreamSource, follow, ndjson
from .transport import RETRIED_STATUSES, RetryBudget, RetryingTransport

T = TypeVar("T")

GameStreamEvent = (
    GameSnapshotEvent
    | GameJoinedEvent
    | GameMoveEvent
    | GameEndedEvent
    | GameCancelledEvent
    | GameAbortedEvent
    | GameExpiredEvent
)
"""One message of ``GET /v1/games/{id}/stream``, its class chosen by ``type``."""

GAME_STREAM_EVENTS: dict[str, Callable[[dict[str, Any]], GameStreamEvent]] = {
    "snapshot": GameSnapshotEvent.from_dict,
    "joined": GameJoinedEvent.from_dict,
    "move": GameMoveEvent.from_dict,
    "ended": GameEndedEvent.from_dict,
    "cancelled": GameCancelledEvent.from_dict,
    "aborted": GameAbortedEvent.from_dict,
    "expired": GameExpiredEvent.from_dict,
}
"""The spec's discriminator mapping of ``GameStreamEvent``."""


FINAL_GAME_EVENTS = frozenset({"ended", "cancelled", "aborted", "expired"})
"""The ``type``s after which a game's stream ends."""

LobbyStreamEvent = LobbySnapshotEvent | LobbyCreatedEvent | LobbyJoinedEvent | LobbyCancelledEvent | LobbyExpiredEvent
"""One message of ``GET /v1/lobby/stream``, its class chosen by ``type``."""

LOBBY_STREAM_EVENTS: dict[str, Callable[[dict[str, Any]], LobbyStreamEvent]] = {
    "snapshot": LobbySnapshotEvent.from_dict,
    "created": LobbyCreatedEvent.from_dict,
    "joined": LobbyJoinedEvent.from_dict,
    "cancelled": LobbyCancelledEvent.from_dict,
    "expired": LobbyExpiredEvent.from_dict,
}

MeStreamEvent = (
    MeSnapshotEvent
    | MeChallengeEvent
    | MeChallengeUpdateEvent
    | MeGameStartedEvent
    | MeYourTurnEvent
    | MeGameEndedEvent
    | MeWebhookDisabledEvent
)
"""One message of ``GET /v1/me/stream``, its class chosen by ``type``."""

ME_STREAM_EVENTS: dict[str, Callable[[dict[str, Any]], MeStreamEvent]] = {
    "snapshot": MeSnapshotEvent.from_dict,
    "challenge": MeChallengeEvent.from_dict,
    "challenge_update": MeChallengeUpdateEvent.from_dict,
    "game_started": MeGameStartedEvent.from_dict,
    "your_turn": MeYourTurnEvent.from_dict,
    "game_ended": MeGameEndedEvent.from_dict,
    "webhook_disabled": MeWebhookDisabledEvent.from_dict,
}

TournamentStreamEvent = (
    TournamentSnapshotEvent
    | TournamentPairingEvent
    | TournamentGameEndedEvent
    | TournamentStandingsEvent
    | TournamentFinishedEvent
)
"""One message of ``GET /v1/tournaments/{id}/stream``, its class chosen by ``type``."""

TOURNAMENT_STREAM_EVENTS: dict[str, Callable[[dict[str, Any]], TournamentStreamEvent]] = {
    "snapshot": TournamentSnapshotEvent.from_dict,
    "pairing": TournamentPairingEvent.from_dict,
    "game_ended": TournamentGameEndedEvent.from_dict,
    "standings": TournamentStandingsEvent.from_dict,
    "finished": TournamentFinishedEvent.from_dict,
}

TOURNAMENT_STEP_EVENTS = frozenset({"pairing", "game_ended", "finished"})
"""The ``type``s whose ``version`` is one more than the message's before."""


def tournament_gap(previous: int | None, event: TournamentStreamEvent) -> bool:
    """Whether ``event`` shows a message was missed after one at version
    ``previous`` (``None`` before the first snapshot): a ``pairing``,
    ``game_ended`` or ``finished`` is one more than the message before it,
    a ``standings`` the same; a ``snapshot`` starts again. Read the
    tournament again (``GET /v1/tournaments/{id}``) after a gap."""
    if isinstance(event, TournamentSnapshotEvent):
        return False
    if previous is None:
        return True
    step = 1 if str(event.type_) in TOURNAMENT_STEP_EVENTS else 0
    return event.version != previous + step


def _parser(kinds: dict[str, Callable[[dict[str, Any]], T]], stream: str) -> Callable[[dict[str, Any]], T]:
    def parse(message: dict[str, Any]) -> T:
        kind = kinds.get(str(message.get("type")))
        if kind is None:
            raise ValueError(f"a {stream} stream message of an unknown type: {message.get('type')!r}")
        return kind(message)

    return parse


game_stream_event = _parser(GAME_STREAM_EVENTS, "game")
"""A game stream message as the model its ``type`` names."""
lobby_stream_event = _parser(LOBBY_STREAM_EVENTS, "lobby")
me_stream_event = _parser(ME_STREAM_EVENTS, "me")
tournament_stream_event = _parser(TOURNAMENT_STREAM_EVENTS, "tournament")


class ExportFilters(TypedDict, total=False):
    """The filters of a bulk export (``GET /v1/games/export``), as the server
    names them."""

    since: datetime.datetime | str | None
    """Only games created at or after this instant."""
    until: datetime.datetime | str | None
    """Only games created before this instant."""
    max: int | None
    """At most this many games."""
    rated: bool | None
    preset: PresetName | str | None
    """``classic``, ``village``, ``online``, or ``custom`` (a mix that is no preset)."""
    status: GameStatus | str | None
    """The games in this status (default ``finished``)."""
    with_moves: bool | None
    """Whether the records hold their moves (default true)."""
    after: str | None
    """Resume after this game: the id of the last record received."""


def _query_value(value: object) -> str:
    """A query parameter as the server reads it: ``true``/``false``, RFC 3339, or text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime.datetime):
        return value.isoformat()
    if isinstance(value, GameStatus | PresetName):
        return str(value.value)
    return str(value)


def _once(events: Iterator[MeStreamEvent], capacity: int = 4096) -> Iterator[MeStreamEvent]:
    """The events, without one told again by a resumption (the same
    ``type``, ``game_id`` and ``version`` as one of the last ``capacity``;
    a disabled webhook, by its id and when it was disabled)."""
    seen: dict[tuple[str, str, str], None] = {}
    for event in events:
        if isinstance(event, MeSnapshotEvent):
            seen.clear()
        else:
            if isinstance(event, MeWebhookDisabledEvent):
                key = (str(event.type_), event.webhook.id, str(event.webhook.disabled_at))
            else:
                key = (str(event.type_), event.game_id, str(event.version))
            if key in seen:
                continue
            seen[key] = None
            if len(seen) > capacity:
                del seen[next(iter(seen))]
        yield event


@dataclass(frozen=True)
class Tagged(Generic[T]):
    """A value with the ``ETag`` it came with (a game's version, quoted)."""

    value: T
    etag: str | None


def expect(response: Response[Any], kind: type[T]) -> Tagged[T]:
    """The parsed value of a success of the expected kind; else a ``ProblemError``."""
    if 200 <= response.status_code < 300 and isinstance(response.parsed, kind):
        return Tagged(response.parsed, response.headers.get("ETag"))
    raise ProblemError.from_response(int(response.status_code), response.headers, response.content)


class Oanquan:
    """One server, with or without a player's token. ``client`` is the
    generated client (with the layer's retries underneath) for any operation."""

    def __init__(
        self,
        base_url: str,
        token: str | None = None,
        *,
        max_attempts: int = 4,
        max_retry_wait: float = 30.0,
        retry_delay: float = 0.1,
        transport: httpx.BaseTransport | None = None,
        timeout: float = 10.0,
    ) -> None:
        """``max_attempts`` (the first included) and ``max_retry_wait``
        (seconds waited in all) bound the retries of a request, and a
        stream's reconnections that bring no event."""
        self._settings: dict[str, Any] = {
            "max_attempts": max_attempts,
            "max_retry_wait": max_retry_wait,
            "retry_delay": retry_delay,
            "transport": transport,
            "timeout": timeout,
        }
        self.base_url = base_url
        self._retry = (max_attempts, max_retry_wait, retry_delay)
        retrying = RetryingTransport(
            transport, max_attempts=max_attempts, max_retry_wait=max_retry_wait, retry_delay=retry_delay
        )
        options: dict[str, Any] = {"timeout": httpx.Timeout(timeout), "httpx_args": {"transport": retrying}}
        self.client: Client | AuthenticatedClient = (
            Client(base_url=base_url, **options)
            if token is None
            else AuthenticatedClient(base_url=base_url, token=token, **options)
        )

    def with_token(self, token: str) -> Oanquan:
        """The same server and settings with a player's token."""
        return Oanquan(self.base_url, token, **self._settings)

    @property
    def authenticated(self) -> AuthenticatedClient:
        if not isinstance(self.client, AuthenticatedClient):
            raise ValueError("this operation needs a token: use with_token()")
        return self.client

    def close(self) -> None:
        self.client.get_httpx_client().close()

    def __enter__(self) -> Oanquan:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def register_player(self, name: str) -> CreatedPlayer:
        """Registers a player; the answer holds their token (see ``with_token``)."""
        return expect(create_player.sync_detailed(client=self.client, body=NewPlayer(name=name)), CreatedPlayer).value

    def create_game(self, game: NewGame | None = None) -> Tagged[GameView]:
        return expect(create_game.sync_detailed(client=self.authenticated, body=game or NewGame()), GameView)

    def join_game(self, game_id: str) -> Tagged[GameView]:
        return expect(join_game.sync_detailed(game_id, client=self.authenticated), GameView)

    def get_game(self, game_id: str) -> Tagged[GameView]:
        return expect(get_game.sync_detailed(game_id, client=self.client), GameView)

    def submit_move(self, game_id: str, move: str, *, if_match: str | None = None) -> Tagged[PlayedMove]:
        """Plays a move (``3R``). With ``if_match`` (an ETag from ``get_game``
        and the like) only in that version of the game, else 412
        ``precondition_failed``."""
        answer = submit_move.sync_detailed(
            game_id,
            client=self.authenticated,
            body=MoveInput(move=move),
            **({} if if_match is None else {"if_match": if_match}),
        )
        return expect(answer, PlayedMove)

    def leaderboard(
        self, preset: PresetName | str, *, include_provisional: bool = False, limit: int = 50
    ) -> LeaderboardPage:
        answer = get_leaderboard.sync_detailed(
            PresetName(preset), client=self.client, include_provisional=include_provisional, limit=limit
        )
        return expect(answer, LeaderboardPage).value

    def export_record(self, game_id: str) -> Tagged[GameRecord]:
        """A game's record as JSON (``GET /v1/games/{id}/export?format=json``)."""
        return expect(export_game.sync_detailed(game_id, client=self.client, format_=RecordFormat.JSON), GameRecord)

    def export_text(self, game_id: str) -> Tagged[str]:
        """A game's record as text (``GET /v1/games/{id}/export.txt``)."""
        answer = export_game_text.sync_detailed(game_id, client=self.client)
        if 200 <= answer.status_code < 300:
            return Tagged(answer.content.decode("utf-8"), answer.headers.get("ETag"))
        raise ProblemError.from_response(int(answer.status_code), answer.headers, answer.content)

    def _follow(
        self,
        source: StreamSource[T],
        format: StreamFormat,
        reconnect: bool,
        last_event_id: str | None,
    ) -> Iterator[T]:
        budget = RetryBudget(*self._retry) if reconnect else RetryBudget(1)
        httpx_client = self.client.get_httpx_client()
        return follow(httpx_client, source, budget, format=format, last_event_id=last_event_id)

    def stream_game(
        self,
        game_id: str,
        *,
        since: int | None = None,
        format: StreamFormat = "ndjson",
        reconnect: bool = True,
    ) -> Iterator[GameStreamEvent]:
        """The game's stream: without ``since`` a ``snapshot`` then every
        change; with ``since`` the changes after that version. Reconnects after
        a drop or a server's stop with ``Last-Event-ID`` (the last event's
        version, in SSE and NDJSON alike): none missed, none twice. Ends after
        the game's final event (at once for a game over with nothing to
        replay)."""
        source: StreamSource[GameStreamEvent] = StreamSource(
            path=f"/v1/games/{quote(game_id, safe='')}/stream",
            parse=game_stream_event,
            resume_after=lambda event, _: str(event.version),
            is_final=lambda event: str(event.type_) in FINAL_GAME_EVENTS,
        )
        return self._follow(source, format, reconnect, None if since is None else str(since))

    def stream_lobby(self, *, format: StreamFormat = "ndjson", reconnect: bool = True) -> Iterator[LobbyStreamEvent]:
        """The lobby's stream: a ``snapshot`` of the waiting games, then
        ``created``, ``joined``, ``cancelled``, ``expired``. Its events carry
        no id: a reconnection starts from a new snapshot."""
        source: StreamSource[LobbyStreamEvent] = StreamSource(
            path="/v1/lobby/stream",
            parse=lobby_stream_event,
            resume_after=lambda _event, _id: None,
            is_final=lambda _event: False,
        )
        return self._follow(source, format, reconnect, None)

    def stream_tournament(
        self, tournament_id: str, *, format: StreamFormat = "ndjson", reconnect: bool = True
    ) -> Iterator[TournamentStreamEvent]:
        """A tournament's stream: a ``snapshot`` (the tournament view), then
        ``pairing``, ``game_ended``, ``standings`` and, last, ``finished``;
        players entering or withdrawing come as a new ``snapshot``. A
        reconnection starts from a new snapshot (``tournament_gap`` tells a
        message missed). Ends after ``finished`` (at once for a tournament
        over whose last version was seen)."""
        source: StreamSource[TournamentStreamEvent] = StreamSource(
            path=f"/v1/tournaments/{quote(tournament_id, safe='')}/stream",
            parse=tournament_stream_event,
            resume_after=lambda event, _id: str(event.version),
            is_final=lambda event: str(event.type_) == "finished",
        )
        return self._follow(source, format, reconnect, None)

    def stream_me(
        self, *, format: StreamFormat = "ndjson", reconnect: bool = True, last_event_id: str | None = None
    ) -> Iterator[MeStreamEvent]:
        """Your own stream (needs a token): a ``snapshot``, then
        ``challenge``, ``game_started``, ``your_turn``, ``game_ended``. A
        reconnection resumes after the last event's ``cursor`` (its SSE
        ``id``); an event a resumption tells again (one of another game
        within the server's margin: the same ``type``, ``game_id`` and
        ``version``) is dropped."""
        self.authenticated  # noqa: B018 - the stream needs a token
        source: StreamSource[MeStreamEvent] = StreamSource(
            path="/v1/me/stream",
            parse=me_stream_event,
            resume_after=lambda event, _id: event.cursor,
            is_final=lambda _event: False,
        )
        return _once(self._follow(source, format, reconnect, last_event_id))

    def explorer(
        self,
        *,
        preset: PresetName | str | None = None,
        rules: RulesInput | dict[str, Any] | str | None = None,
        position: str | None = None,
        play: list[str] | str | None = None,
        first: SeatName | str | None = None,
        custom_start: bool | None = None,
        rated: bool | None = None,
        min_rating: float | None = None,
        since: datetime.datetime | None = None,
        until: datetime.datetime | None = None,
        speed: str | None = None,
        recent: int | None = None,
    ) -> ExplorerAnswer:
        """The opening explorer (``GET /v1/explorer``): the finished games that
        reached a position (``position``, or the moves ``play`` from the
        standard start) and each move played from it, with how those games
        ended. ``rules`` is a ruleset (the model, a dict, or its JSON text);
        not with ``preset``."""
        if isinstance(rules, RulesInput):
            rules = rules.to_dict()
        answer = explore.sync_detailed(
            client=self.client,
            preset=UNSET if preset is None else PresetName(preset),
            rules=UNSET if rules is None else rules if isinstance(rules, str) else json.dumps(rules),
            position=UNSET if position is None else position,
            play=UNSET if play is None else play if isinstance(play, str) else ",".join(play),
            first=UNSET if first is None else SeatName(first),
            custom_start=UNSET if custom_start is None else custom_start,
            rated=UNSET if rated is None else rated,
            min_rating=UNSET if min_rating is None else min_rating,
            since=UNSET if since is None else since,
            until=UNSET if until is None else until,
            speed=UNSET if speed is None else speed,
            recent=UNSET if recent is None else recent,
        )
        return expect(answer, ExplorerAnswer).value

    def export_games(
        self,
        *,
        player: str | None = None,
        reconnect: bool = True,
        read_timeout: float = 60.0,
        **filters: Unpack[ExportFilters],
    ) -> Iterator[GameRecord]:
        """Every game passing the filters (``ExportFilters``; by default the
        finished games), newest first, as records read one NDJSON line at a
        time from ``GET /v1/games/export`` — or, with ``player``, from
        ``GET /v1/players/{id}/games/export``; the body is never held whole.
        A dropped connection is resumed with ``after=`` the last record's id
        (and ``max`` less the records given): none missed, none twice.
        Attempts that bring no record count against the client's retry
        budget; an error answer raises a ``ProblemError``.

        ``for game in client.export_games(rated=True): ...``"""
        path = "/v1/games/export" if player is None else f"/v1/players/{quote(player, safe='')}/games/export"
        given: dict[str, object] = dict(filters)
        after = filters.get("after")
        left = filters.get("max")
        params = {
            name: _query_value(value)
            for name, value in given.items()
            if value is not None and name not in ("after", "max")
        }
        params["format"] = "ndjson"
        budget = RetryBudget(*self._retry) if reconnect else RetryBudget(1)
        return _export(
            self.client.get_httpx_client(),
            path,
            params,
            budget,
            after=after,
            left=left,
            reconnect=reconnect,
            read_timeout=read_timeout,
        )

    def export_player_games(
        self, player: str, *, reconnect: bool = True, **filters: Unpack[ExportFilters]
    ) -> Iterator[GameRecord]:
        """A player's games: ``export_games(player=player, **filters)``."""
        return self.export_games(player=player, reconnect=reconnect, **filters)


def _export(
    client: httpx.Client,
    path: str,
    params: dict[str, str],
    budget: RetryBudget,
    *,
    after: str | None,
    left: int | None,
    reconnect: bool,
    read_timeout: float,
    sleep: Callable[[float], None] = time.sleep,
) -> Iterator[GameRecord]:
    """The records of an export across reconnections (see ``export_games``)."""
    while left is None or left > 0:
        budget.attempt()
        query = dict(params)
        if after is not None:
            query["after"] = after
        if left is not None:
            query["max"] = str(left)
        dropped: Exception | None = None
        try:
            with client.stream(
                "GET",
                path,
                params=query,
                headers={"Accept": "application/x-ndjson"},
                timeout=httpx.Timeout(10.0, read=read_timeout),
            ) as response:
                if response.status_code >= 400:
                    pause = budget.next(response.headers) if response.status_code in RETRIED_STATUSES else None
                    if pause is None:
                        raise ProblemError.from_response(response.status_code, response.headers, response.read())
                    sleep(pause)
                    continue
                for message in ndjson(response.iter_lines()):
                    record = GameRecord.from_dict(message)
                    after = record.id
                    if left is not None:
                        left -= 1
                    budget.reset()
                    yield record
                # The body ended as the server ends it: the export is done.
                return
        except httpx.TransportError as error:
            dropped = error
        # Without reconnecting, a drop is the caller's (the budget starts again after each record).
        pause = budget.next() if reconnect else None
        if pause is None:
            raise dropped if dropped is not None else RuntimeError("the export ended without an answer")
        sleep(pause)
