"""The oanquan client: the generated package ``oanquan_api``
(openapi-python-client) plus a thin layer: the bearer token, ETag / If-Match,
Idempotency-Key with bounded retries (network errors, 429, 503 after
``Retry-After``), problem+json errors as ``ProblemError``, and the streams as
iterators of typed events that reconnect with ``Last-Event-ID``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar
from urllib.parse import quote

import httpx

from .errors import ProblemError
from .generated.api.games import create_game, get_game, join_game, submit_move
from .generated.api.history import export_game, export_game_text
from .generated.api.players import create_player
from .generated.api.ratings import get_leaderboard
from .generated.client import AuthenticatedClient, Client
from .generated.models import (
    CreatedPlayer,
    GameAbortedEvent,
    GameCancelledEvent,
    GameEndedEvent,
    GameExpiredEvent,
    GameJoinedEvent,
    GameMoveEvent,
    GameRecord,
    GameSnapshotEvent,
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
    TournamentFinishedEvent,
    TournamentGameEndedEvent,
    TournamentPairingEvent,
    TournamentSnapshotEvent,
    TournamentStandingsEvent,
)
from .generated.types import Response
from .stream import StreamFormat, StreamSource, follow
from .transport import RetryBudget, RetryingTransport

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
