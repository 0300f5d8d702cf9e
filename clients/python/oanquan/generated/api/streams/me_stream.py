from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    ticket: str | Unset = UNSET,
    since: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    params: dict[str, Any] = {}

    params["ticket"] = ticket

    params["since"] = since

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/me/stream",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | str]:
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
    since: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[Problem | str]:
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
    heard of it is told by its `game_started` only. Each event carries a
    `cursor` (also its SSE `id`): a reconnection with `Last-Event-ID` (or
    `?since=`) set to the last one seen is told, instead of a snapshot,
    every event since, from the database, in the order they were stamped:
    of the game of the last event seen, those after its version; of the
    others, those from 5 s before it, so that a change stamped before it
    but committed after it is not missed — such an event of another game
    may come again (the same `game_id`, `version` and `type`). With more
    than 200 games changed since, it gets a fresh snapshot. A stream that
    fell behind gets a fresh `snapshot`, which tells where you stand. When
    the server stops, the stream ends with a `retry:` hint.
    When the token it was opened with (as the bearer, or the one that
    issued its ticket) is deleted, it ends, on every node; so do that
    token's unused tickets.

    The bearer token needs the scope `read`.

    Args:
        ticket (str | Unset):
        since (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        ticket=ticket,
        since=since,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    ticket: str | Unset = UNSET,
    since: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Problem | str | None:
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
    heard of it is told by its `game_started` only. Each event carries a
    `cursor` (also its SSE `id`): a reconnection with `Last-Event-ID` (or
    `?since=`) set to the last one seen is told, instead of a snapshot,
    every event since, from the database, in the order they were stamped:
    of the game of the last event seen, those after its version; of the
    others, those from 5 s before it, so that a change stamped before it
    but committed after it is not missed — such an event of another game
    may come again (the same `game_id`, `version` and `type`). With more
    than 200 games changed since, it gets a fresh snapshot. A stream that
    fell behind gets a fresh `snapshot`, which tells where you stand. When
    the server stops, the stream ends with a `retry:` hint.
    When the token it was opened with (as the bearer, or the one that
    issued its ticket) is deleted, it ends, on every node; so do that
    token's unused tickets.

    The bearer token needs the scope `read`.

    Args:
        ticket (str | Unset):
        since (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        client=client,
        ticket=ticket,
        since=since,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    ticket: str | Unset = UNSET,
    since: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[Problem | str]:
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
    heard of it is told by its `game_started` only. Each event carries a
    `cursor` (also its SSE `id`): a reconnection with `Last-Event-ID` (or
    `?since=`) set to the last one seen is told, instead of a snapshot,
    every event since, from the database, in the order they were stamped:
    of the game of the last event seen, those after its version; of the
    others, those from 5 s before it, so that a change stamped before it
    but committed after it is not missed — such an event of another game
    may come again (the same `game_id`, `version` and `type`). With more
    than 200 games changed since, it gets a fresh snapshot. A stream that
    fell behind gets a fresh `snapshot`, which tells where you stand. When
    the server stops, the stream ends with a `retry:` hint.
    When the token it was opened with (as the bearer, or the one that
    issued its ticket) is deleted, it ends, on every node; so do that
    token's unused tickets.

    The bearer token needs the scope `read`.

    Args:
        ticket (str | Unset):
        since (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        ticket=ticket,
        since=since,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    ticket: str | Unset = UNSET,
    since: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Problem | str | None:
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
    heard of it is told by its `game_started` only. Each event carries a
    `cursor` (also its SSE `id`): a reconnection with `Last-Event-ID` (or
    `?since=`) set to the last one seen is told, instead of a snapshot,
    every event since, from the database, in the order they were stamped:
    of the game of the last event seen, those after its version; of the
    others, those from 5 s before it, so that a change stamped before it
    but committed after it is not missed — such an event of another game
    may come again (the same `game_id`, `version` and `type`). With more
    than 200 games changed since, it gets a fresh snapshot. A stream that
    fell behind gets a fresh `snapshot`, which tells where you stand. When
    the server stops, the stream ends with a `retry:` hint.
    When the token it was opened with (as the bearer, or the one that
    issued its ticket) is deleted, it ends, on every node; so do that
    token's unused tickets.

    The bearer token needs the scope `read`.

    Args:
        ticket (str | Unset):
        since (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return (
        await asyncio_detailed(
            client=client,
            ticket=ticket,
            since=since,
            last_event_id=last_event_id,
        )
    ).parsed
