from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/tournaments/{id}/stream".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Any | Problem | str]:
    """Follows a tournament live.

     First a `snapshot` (the tournament view of `GET /v1/tournaments/{id}`),
    then, as it changes: `pairing` (a board paired: its round, board,
    players by seat and game, or a bye or a forfeit), `game_ended` (a
    board's game ended: its result and points), `standings` (after
    results, and when it starts: its status, round and standings) and, last,
    `finished` (it finished or was cancelled: its final standings); the
    stream ends after it. Each message carries the tournament's `version`,
    also its SSE `id`: each `pairing`, `game_ended` and `finished` is one
    more than the message before it, `standings` repeats the version it
    follows; a client that sees a larger step reads the tournament again.
    A change that is none of these (players entering, leaving or
    withdrawing) comes as a new `snapshot`. Changes made through any node
    of a cluster reach every node's streams. A reconnection starts from a
    new snapshot; one whose `Last-Event-ID` is the version of a tournament
    over is answered 204, which tells `EventSource` to stop. SSE or NDJSON
    as for a game's stream, with the same heartbeat, `retry:`, end at
    shutdown, caps and end of a stream opened with a token that is deleted.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | str]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Any | Problem | str | None:
    """Follows a tournament live.

     First a `snapshot` (the tournament view of `GET /v1/tournaments/{id}`),
    then, as it changes: `pairing` (a board paired: its round, board,
    players by seat and game, or a bye or a forfeit), `game_ended` (a
    board's game ended: its result and points), `standings` (after
    results, and when it starts: its status, round and standings) and, last,
    `finished` (it finished or was cancelled: its final standings); the
    stream ends after it. Each message carries the tournament's `version`,
    also its SSE `id`: each `pairing`, `game_ended` and `finished` is one
    more than the message before it, `standings` repeats the version it
    follows; a client that sees a larger step reads the tournament again.
    A change that is none of these (players entering, leaving or
    withdrawing) comes as a new `snapshot`. Changes made through any node
    of a cluster reach every node's streams. A reconnection starts from a
    new snapshot; one whose `Last-Event-ID` is the version of a tournament
    over is answered 204, which tells `EventSource` to stop. SSE or NDJSON
    as for a game's stream, with the same heartbeat, `retry:`, end at
    shutdown, caps and end of a stream opened with a token that is deleted.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | str
    """

    return sync_detailed(
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Any | Problem | str]:
    """Follows a tournament live.

     First a `snapshot` (the tournament view of `GET /v1/tournaments/{id}`),
    then, as it changes: `pairing` (a board paired: its round, board,
    players by seat and game, or a bye or a forfeit), `game_ended` (a
    board's game ended: its result and points), `standings` (after
    results, and when it starts: its status, round and standings) and, last,
    `finished` (it finished or was cancelled: its final standings); the
    stream ends after it. Each message carries the tournament's `version`,
    also its SSE `id`: each `pairing`, `game_ended` and `finished` is one
    more than the message before it, `standings` repeats the version it
    follows; a client that sees a larger step reads the tournament again.
    A change that is none of these (players entering, leaving or
    withdrawing) comes as a new `snapshot`. Changes made through any node
    of a cluster reach every node's streams. A reconnection starts from a
    new snapshot; one whose `Last-Event-ID` is the version of a tournament
    over is answered 204, which tells `EventSource` to stop. SSE or NDJSON
    as for a game's stream, with the same heartbeat, `retry:`, end at
    shutdown, caps and end of a stream opened with a token that is deleted.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | str]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Any | Problem | str | None:
    """Follows a tournament live.

     First a `snapshot` (the tournament view of `GET /v1/tournaments/{id}`),
    then, as it changes: `pairing` (a board paired: its round, board,
    players by seat and game, or a bye or a forfeit), `game_ended` (a
    board's game ended: its result and points), `standings` (after
    results, and when it starts: its status, round and standings) and, last,
    `finished` (it finished or was cancelled: its final standings); the
    stream ends after it. Each message carries the tournament's `version`,
    also its SSE `id`: each `pairing`, `game_ended` and `finished` is one
    more than the message before it, `standings` repeats the version it
    follows; a client that sees a larger step reads the tournament again.
    A change that is none of these (players entering, leaving or
    withdrawing) comes as a new `snapshot`. Changes made through any node
    of a cluster reach every node's streams. A reconnection starts from a
    new snapshot; one whose `Last-Event-ID` is the version of a tournament
    over is answered 204, which tells `EventSource` to stop. SSE or NDJSON
    as for a game's stream, with the same heartbeat, `retry:`, end at
    shutdown, caps and end of a stream opened with a token that is deleted.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | str
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
