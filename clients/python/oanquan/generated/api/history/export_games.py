import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_status import GameStatus
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    format_: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    max_: int | Unset = UNSET,
    rated: bool | Unset = UNSET,
    preset: str | Unset = UNSET,
    status: GameStatus | Unset = UNSET,
    with_moves: bool | Unset = UNSET,
    after: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["format"] = format_

    json_since: str | Unset = UNSET
    if not isinstance(since, Unset):
        json_since = since.isoformat()
    params["since"] = json_since

    json_until: str | Unset = UNSET
    if not isinstance(until, Unset):
        json_until = until.isoformat()
    params["until"] = json_until

    params["max"] = max_

    params["rated"] = rated

    params["preset"] = preset

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["with_moves"] = with_moves

    params["after"] = after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/export",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

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
    client: AuthenticatedClient | Client,
    format_: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    max_: int | Unset = UNSET,
    rated: bool | Unset = UNSET,
    preset: str | Unset = UNSET,
    status: GameStatus | Unset = UNSET,
    with_moves: bool | Unset = UNSET,
    after: str | Unset = UNSET,
) -> Response[Problem | str]:
    """Export games

     The records of every game passing the filters (by default the finished
    ones), newest first, streamed: NDJSON, one record per line — the record
    `GET /v1/games/{id}/export` gives — or, with `Accept: text/plain` or
    `?format=text`, text records separated by a blank line. An export cut
    short resumes with `after=<id of the last record received>`, the same
    filters: the games after it in the same order, none twice.

    Args:
        format_ (str | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        max_ (int | Unset):
        rated (bool | Unset):
        preset (str | Unset):
        status (GameStatus | Unset): Where a game is in its life: `waiting` (a seat is open),
            `active`, `finished`, `cancelled`, `archived` (an imported, unfinished record), `aborted`
            (ended before each side made two moves; never rated) or `expired` (nobody joined).
        with_moves (bool | Unset):
        after (str | Unset): A game id: 10 ASCII letters or digits.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        format_=format_,
        since=since,
        until=until,
        max_=max_,
        rated=rated,
        preset=preset,
        status=status,
        with_moves=with_moves,
        after=after,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    format_: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    max_: int | Unset = UNSET,
    rated: bool | Unset = UNSET,
    preset: str | Unset = UNSET,
    status: GameStatus | Unset = UNSET,
    with_moves: bool | Unset = UNSET,
    after: str | Unset = UNSET,
) -> Problem | str | None:
    """Export games

     The records of every game passing the filters (by default the finished
    ones), newest first, streamed: NDJSON, one record per line — the record
    `GET /v1/games/{id}/export` gives — or, with `Accept: text/plain` or
    `?format=text`, text records separated by a blank line. An export cut
    short resumes with `after=<id of the last record received>`, the same
    filters: the games after it in the same order, none twice.

    Args:
        format_ (str | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        max_ (int | Unset):
        rated (bool | Unset):
        preset (str | Unset):
        status (GameStatus | Unset): Where a game is in its life: `waiting` (a seat is open),
            `active`, `finished`, `cancelled`, `archived` (an imported, unfinished record), `aborted`
            (ended before each side made two moves; never rated) or `expired` (nobody joined).
        with_moves (bool | Unset):
        after (str | Unset): A game id: 10 ASCII letters or digits.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        client=client,
        format_=format_,
        since=since,
        until=until,
        max_=max_,
        rated=rated,
        preset=preset,
        status=status,
        with_moves=with_moves,
        after=after,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    format_: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    max_: int | Unset = UNSET,
    rated: bool | Unset = UNSET,
    preset: str | Unset = UNSET,
    status: GameStatus | Unset = UNSET,
    with_moves: bool | Unset = UNSET,
    after: str | Unset = UNSET,
) -> Response[Problem | str]:
    """Export games

     The records of every game passing the filters (by default the finished
    ones), newest first, streamed: NDJSON, one record per line — the record
    `GET /v1/games/{id}/export` gives — or, with `Accept: text/plain` or
    `?format=text`, text records separated by a blank line. An export cut
    short resumes with `after=<id of the last record received>`, the same
    filters: the games after it in the same order, none twice.

    Args:
        format_ (str | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        max_ (int | Unset):
        rated (bool | Unset):
        preset (str | Unset):
        status (GameStatus | Unset): Where a game is in its life: `waiting` (a seat is open),
            `active`, `finished`, `cancelled`, `archived` (an imported, unfinished record), `aborted`
            (ended before each side made two moves; never rated) or `expired` (nobody joined).
        with_moves (bool | Unset):
        after (str | Unset): A game id: 10 ASCII letters or digits.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        format_=format_,
        since=since,
        until=until,
        max_=max_,
        rated=rated,
        preset=preset,
        status=status,
        with_moves=with_moves,
        after=after,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    format_: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    max_: int | Unset = UNSET,
    rated: bool | Unset = UNSET,
    preset: str | Unset = UNSET,
    status: GameStatus | Unset = UNSET,
    with_moves: bool | Unset = UNSET,
    after: str | Unset = UNSET,
) -> Problem | str | None:
    """Export games

     The records of every game passing the filters (by default the finished
    ones), newest first, streamed: NDJSON, one record per line — the record
    `GET /v1/games/{id}/export` gives — or, with `Accept: text/plain` or
    `?format=text`, text records separated by a blank line. An export cut
    short resumes with `after=<id of the last record received>`, the same
    filters: the games after it in the same order, none twice.

    Args:
        format_ (str | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        max_ (int | Unset):
        rated (bool | Unset):
        preset (str | Unset):
        status (GameStatus | Unset): Where a game is in its life: `waiting` (a seat is open),
            `active`, `finished`, `cancelled`, `archived` (an imported, unfinished record), `aborted`
            (ended before each side made two moves; never rated) or `expired` (nobody joined).
        with_moves (bool | Unset):
        after (str | Unset): A game id: 10 ASCII letters or digits.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return (
        await asyncio_detailed(
            client=client,
            format_=format_,
            since=since,
            until=until,
            max_=max_,
            rated=rated,
            preset=preset,
            status=status,
            with_moves=with_moves,
            after=after,
        )
    ).parsed
