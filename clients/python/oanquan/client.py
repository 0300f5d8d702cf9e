"""The oanquan client: the generated package ``oanquan_api``
(openapi-python-client) plus a thin layer: the bearer token, ETag / If-Match,
Idempotency-Key with retries, problem+json errors as ``ProblemError``, and the
game stream as an iterator."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar
from urllib.parse import quote

import httpx
from oanquan_api.api.games import create_game, get_game, join_game, submit_move
from oanquan_api.api.players import create_player
from oanquan_api.api.ratings import get_leaderboard
from oanquan_api.client import AuthenticatedClient, Client
from oanquan_api.models import (
    CreatedPlayer,
    GameAbortedEvent,
    GameCancelledEvent,
    GameEndedEvent,
    GameExpiredEvent,
    GameJoinedEvent,
    GameMoveEvent,
    GameSnapshotEvent,
    GameView,
    LeaderboardPage,
    MoveInput,
    NewGame,
    NewPlayer,
    PlayedMove,
    PresetName,
)
from oanquan_api.types import Response

from .errors import ProblemError
from .stream import ndjson
from .transport import RetryingTransport

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


def game_stream_event(message: dict[str, Any]) -> GameStreamEvent:
    """A stream message as the model its ``type`` names."""
    parse = GAME_STREAM_EVENTS.get(str(message.get("type")))
    if parse is None:
        raise ValueError(f"a game stream message of an unknown type: {message.get('type')!r}")
    return parse(message)


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
        retries: int = 3,
        retry_delay: float = 0.1,
        transport: httpx.BaseTransport | None = None,
        timeout: float = 10.0,
    ) -> None:
        self._settings: dict[str, Any] = {
            "retries": retries,
            "retry_delay": retry_delay,
            "transport": transport,
            "timeout": timeout,
        }
        self.base_url = base_url
        retrying = RetryingTransport(transport, retries=retries, retry_delay=retry_delay)
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

    def stream_game(self, game_id: str, *, since: int | None = None) -> Iterator[GameStreamEvent]:
        """The game's stream (NDJSON): without ``since`` a ``snapshot`` then
        every change; with ``since`` the changes after that version. Ends
        after the game's final event (at once for a game over with nothing to
        replay)."""
        with self.client.get_httpx_client().stream(
            "GET",
            f"/v1/games/{quote(game_id, safe='')}/stream",
            params={} if since is None else {"since": since},
            headers={"Accept": "application/x-ndjson"},
            timeout=httpx.Timeout(10.0, read=60.0),
        ) as response:
            if response.status_code == 204:
                return
            if response.status_code >= 400:
                raise ProblemError.from_response(response.status_code, response.headers, response.read())
            for message in ndjson(response.iter_lines()):
                yield game_stream_event(message)
