from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.lobby_cancelled_event import LobbyCancelledEvent
from ...models.lobby_created_event import LobbyCreatedEvent
from ...models.lobby_expired_event import LobbyExpiredEvent
from ...models.lobby_joined_event import LobbyJoinedEvent
from ...models.lobby_snapshot_event import LobbySnapshotEvent
from ...models.problem import Problem
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/lobby/stream",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    LobbyCancelledEvent | LobbyCreatedEvent | LobbyExpiredEvent | LobbyJoinedEvent | LobbySnapshotEvent | Problem | None
):
    if response.status_code == 200:

        def _parse_response_200(
            data: object,
        ) -> LobbyCancelledEvent | LobbyCreatedEvent | LobbyExpiredEvent | LobbyJoinedEvent | LobbySnapshotEvent:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_lobby_stream_event_type_0 = LobbySnapshotEvent.from_dict(data)

                return componentsschemas_lobby_stream_event_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_lobby_stream_event_type_1 = LobbyCreatedEvent.from_dict(data)

                return componentsschemas_lobby_stream_event_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_lobby_stream_event_type_2 = LobbyJoinedEvent.from_dict(data)

                return componentsschemas_lobby_stream_event_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_lobby_stream_event_type_3 = LobbyCancelledEvent.from_dict(data)

                return componentsschemas_lobby_stream_event_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_lobby_stream_event_type_4 = LobbyExpiredEvent.from_dict(data)

            return componentsschemas_lobby_stream_event_type_4

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
) -> Response[
    LobbyCancelledEvent | LobbyCreatedEvent | LobbyExpiredEvent | LobbyJoinedEvent | LobbySnapshotEvent | Problem
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[
    LobbyCancelledEvent | LobbyCreatedEvent | LobbyExpiredEvent | LobbyJoinedEvent | LobbySnapshotEvent | Problem
]:
    """Follows the lobby: the open games, kept current.

     First a `snapshot` of the waiting games (newest first, at most 200),
    then `created` (with the game view) as one appears and `joined`,
    `cancelled` or `expired` (with its id) as one leaves, each once. SSE or
    NDJSON as for a game's stream, with the same heartbeat, `retry:`, end
    at shutdown, caps and end of a stream opened with a token that is
    deleted; the events carry no `id`: a reconnection (and a subscriber
    that fell behind) starts from a new snapshot.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LobbyCancelledEvent | LobbyCreatedEvent | LobbyExpiredEvent | LobbyJoinedEvent | LobbySnapshotEvent | Problem]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> (
    LobbyCancelledEvent | LobbyCreatedEvent | LobbyExpiredEvent | LobbyJoinedEvent | LobbySnapshotEvent | Problem | None
):
    """Follows the lobby: the open games, kept current.

     First a `snapshot` of the waiting games (newest first, at most 200),
    then `created` (with the game view) as one appears and `joined`,
    `cancelled` or `expired` (with its id) as one leaves, each once. SSE or
    NDJSON as for a game's stream, with the same heartbeat, `retry:`, end
    at shutdown, caps and end of a stream opened with a token that is
    deleted; the events carry no `id`: a reconnection (and a subscriber
    that fell behind) starts from a new snapshot.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LobbyCancelledEvent | LobbyCreatedEvent | LobbyExpiredEvent | LobbyJoinedEvent | LobbySnapshotEvent | Problem
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[
    LobbyCancelledEvent | LobbyCreatedEvent | LobbyExpiredEvent | LobbyJoinedEvent | LobbySnapshotEvent | Problem
]:
    """Follows the lobby: the open games, kept current.

     First a `snapshot` of the waiting games (newest first, at most 200),
    then `created` (with the game view) as one appears and `joined`,
    `cancelled` or `expired` (with its id) as one leaves, each once. SSE or
    NDJSON as for a game's stream, with the same heartbeat, `retry:`, end
    at shutdown, caps and end of a stream opened with a token that is
    deleted; the events carry no `id`: a reconnection (and a subscriber
    that fell behind) starts from a new snapshot.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LobbyCancelledEvent | LobbyCreatedEvent | LobbyExpiredEvent | LobbyJoinedEvent | LobbySnapshotEvent | Problem]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> (
    LobbyCancelledEvent | LobbyCreatedEvent | LobbyExpiredEvent | LobbyJoinedEvent | LobbySnapshotEvent | Problem | None
):
    """Follows the lobby: the open games, kept current.

     First a `snapshot` of the waiting games (newest first, at most 200),
    then `created` (with the game view) as one appears and `joined`,
    `cancelled` or `expired` (with its id) as one leaves, each once. SSE or
    NDJSON as for a game's stream, with the same heartbeat, `retry:`, end
    at shutdown, caps and end of a stream opened with a token that is
    deleted; the events carry no `id`: a reconnection (and a subscriber
    that fell behind) starts from a new snapshot.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LobbyCancelledEvent | LobbyCreatedEvent | LobbyExpiredEvent | LobbyJoinedEvent | LobbySnapshotEvent | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
