from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.me_challenge_event import MeChallengeEvent
from ...models.me_game_ended_event import MeGameEndedEvent
from ...models.me_game_started_event import MeGameStartedEvent
from ...models.me_snapshot_event import MeSnapshotEvent
from ...models.me_your_turn_event import MeYourTurnEvent
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    ticket: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["ticket"] = ticket

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/me/stream",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MeChallengeEvent | MeGameEndedEvent | MeGameStartedEvent | MeSnapshotEvent | MeYourTurnEvent | Problem | None:
    if response.status_code == 200:

        def _parse_response_200(
            data: object,
        ) -> MeChallengeEvent | MeGameEndedEvent | MeGameStartedEvent | MeSnapshotEvent | MeYourTurnEvent:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_me_stream_event_type_0 = MeSnapshotEvent.from_dict(data)

                return componentsschemas_me_stream_event_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_me_stream_event_type_1 = MeGameStartedEvent.from_dict(data)

                return componentsschemas_me_stream_event_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_me_stream_event_type_2 = MeYourTurnEvent.from_dict(data)

                return componentsschemas_me_stream_event_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_me_stream_event_type_3 = MeChallengeEvent.from_dict(data)

                return componentsschemas_me_stream_event_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_me_stream_event_type_4 = MeGameEndedEvent.from_dict(data)

            return componentsschemas_me_stream_event_type_4

        response_200 = _parse_response_200(response.text)

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[MeChallengeEvent | MeGameEndedEvent | MeGameStartedEvent | MeSnapshotEvent | MeYourTurnEvent | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    ticket: str | Unset = UNSET,
) -> Response[MeChallengeEvent | MeGameEndedEvent | MeGameStartedEvent | MeSnapshotEvent | MeYourTurnEvent | Problem]:
    """Follows what concerns you, live.

     Authenticated with `Authorization: Bearer <token>`, or with `?ticket=`
    (see `POST /v1/me/stream-tickets`). SSE or NDJSON as for a game's
    stream, with the same heartbeat and `retry:`. First a `snapshot`: your
    waiting and active games (with your seat and whether it is your move)
    and the open challenges to you. Then, as they are committed on any
    node: `challenge` (a game reserved for you was created), `game_started`
    (a game in which you hold a seat became active), `your_turn` (with the
    ply and your deadline), `game_ended` (status and result), each once, in
    commit order per game; a challenge already accepted when this node
    heard of it is told by its `game_started` only. The events carry no `id`: a reconnection (and a
    stream that fell behind) gets a fresh `snapshot`, which tells where you
    stand. When the server stops, the stream ends with a `retry:` hint.
    When the token it was opened with (as the bearer, or the one that
    issued its ticket) is deleted, it ends, on every node; so do that
    token's unused tickets.

    Args:
        ticket (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MeChallengeEvent | MeGameEndedEvent | MeGameStartedEvent | MeSnapshotEvent | MeYourTurnEvent | Problem]
    """

    kwargs = _get_kwargs(
        ticket=ticket,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    ticket: str | Unset = UNSET,
) -> MeChallengeEvent | MeGameEndedEvent | MeGameStartedEvent | MeSnapshotEvent | MeYourTurnEvent | Problem | None:
    """Follows what concerns you, live.

     Authenticated with `Authorization: Bearer <token>`, or with `?ticket=`
    (see `POST /v1/me/stream-tickets`). SSE or NDJSON as for a game's
    stream, with the same heartbeat and `retry:`. First a `snapshot`: your
    waiting and active games (with your seat and whether it is your move)
    and the open challenges to you. Then, as they are committed on any
    node: `challenge` (a game reserved for you was created), `game_started`
    (a game in which you hold a seat became active), `your_turn` (with the
    ply and your deadline), `game_ended` (status and result), each once, in
    commit order per game; a challenge already accepted when this node
    heard of it is told by its `game_started` only. The events carry no `id`: a reconnection (and a
    stream that fell behind) gets a fresh `snapshot`, which tells where you
    stand. When the server stops, the stream ends with a `retry:` hint.
    When the token it was opened with (as the bearer, or the one that
    issued its ticket) is deleted, it ends, on every node; so do that
    token's unused tickets.

    Args:
        ticket (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MeChallengeEvent | MeGameEndedEvent | MeGameStartedEvent | MeSnapshotEvent | MeYourTurnEvent | Problem
    """

    return sync_detailed(
        client=client,
        ticket=ticket,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    ticket: str | Unset = UNSET,
) -> Response[MeChallengeEvent | MeGameEndedEvent | MeGameStartedEvent | MeSnapshotEvent | MeYourTurnEvent | Problem]:
    """Follows what concerns you, live.

     Authenticated with `Authorization: Bearer <token>`, or with `?ticket=`
    (see `POST /v1/me/stream-tickets`). SSE or NDJSON as for a game's
    stream, with the same heartbeat and `retry:`. First a `snapshot`: your
    waiting and active games (with your seat and whether it is your move)
    and the open challenges to you. Then, as they are committed on any
    node: `challenge` (a game reserved for you was created), `game_started`
    (a game in which you hold a seat became active), `your_turn` (with the
    ply and your deadline), `game_ended` (status and result), each once, in
    commit order per game; a challenge already accepted when this node
    heard of it is told by its `game_started` only. The events carry no `id`: a reconnection (and a
    stream that fell behind) gets a fresh `snapshot`, which tells where you
    stand. When the server stops, the stream ends with a `retry:` hint.
    When the token it was opened with (as the bearer, or the one that
    issued its ticket) is deleted, it ends, on every node; so do that
    token's unused tickets.

    Args:
        ticket (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MeChallengeEvent | MeGameEndedEvent | MeGameStartedEvent | MeSnapshotEvent | MeYourTurnEvent | Problem]
    """

    kwargs = _get_kwargs(
        ticket=ticket,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    ticket: str | Unset = UNSET,
) -> MeChallengeEvent | MeGameEndedEvent | MeGameStartedEvent | MeSnapshotEvent | MeYourTurnEvent | Problem | None:
    """Follows what concerns you, live.

     Authenticated with `Authorization: Bearer <token>`, or with `?ticket=`
    (see `POST /v1/me/stream-tickets`). SSE or NDJSON as for a game's
    stream, with the same heartbeat and `retry:`. First a `snapshot`: your
    waiting and active games (with your seat and whether it is your move)
    and the open challenges to you. Then, as they are committed on any
    node: `challenge` (a game reserved for you was created), `game_started`
    (a game in which you hold a seat became active), `your_turn` (with the
    ply and your deadline), `game_ended` (status and result), each once, in
    commit order per game; a challenge already accepted when this node
    heard of it is told by its `game_started` only. The events carry no `id`: a reconnection (and a
    stream that fell behind) gets a fresh `snapshot`, which tells where you
    stand. When the server stops, the stream ends with a `retry:` hint.
    When the token it was opened with (as the bearer, or the one that
    issued its ticket) is deleted, it ends, on every node; so do that
    token's unused tickets.

    Args:
        ticket (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MeChallengeEvent | MeGameEndedEvent | MeGameStartedEvent | MeSnapshotEvent | MeYourTurnEvent | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            ticket=ticket,
        )
    ).parsed
