from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.leaderboard_page import LeaderboardPage
from ...models.preset_name import PresetName
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    preset: PresetName,
    *,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    min_games: int | Unset = UNSET,
    include_provisional: bool | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    params["cursor"] = cursor

    params["limit"] = limit

    params["min_games"] = min_games

    params["include_provisional"] = include_provisional

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/leaderboards/{preset}".format(
            preset=quote(str(preset), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | LeaderboardPage | Problem | None:
    if response.status_code == 200:
        response_200 = LeaderboardPage.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | LeaderboardPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    preset: PresetName,
    *,
    client: AuthenticatedClient | Client,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    min_games: int | Unset = UNSET,
    include_provisional: bool | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | LeaderboardPage | Problem]:
    """A preset's leaderboard, best first.

     Ranked by rating, ties by player id. Provisional ratings (not established) are
    left off unless `include_provisional=true`. Pages are keyset-paged:
    follow `next_cursor` / `prev_cursor`; a cursor stays valid while ratings
    change (rows are never skipped or repeated because others moved, though
    a player whose rating changed may appear in another place).

    Args:
        preset (PresetName):
        cursor (str | Unset):
        limit (int | Unset):
        min_games (int | Unset):
        include_provisional (bool | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | LeaderboardPage | Problem]
    """

    kwargs = _get_kwargs(
        preset=preset,
        cursor=cursor,
        limit=limit,
        min_games=min_games,
        include_provisional=include_provisional,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    preset: PresetName,
    *,
    client: AuthenticatedClient | Client,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    min_games: int | Unset = UNSET,
    include_provisional: bool | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | LeaderboardPage | Problem | None:
    """A preset's leaderboard, best first.

     Ranked by rating, ties by player id. Provisional ratings (not established) are
    left off unless `include_provisional=true`. Pages are keyset-paged:
    follow `next_cursor` / `prev_cursor`; a cursor stays valid while ratings
    change (rows are never skipped or repeated because others moved, though
    a player whose rating changed may appear in another place).

    Args:
        preset (PresetName):
        cursor (str | Unset):
        limit (int | Unset):
        min_games (int | Unset):
        include_provisional (bool | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | LeaderboardPage | Problem
    """

    return sync_detailed(
        preset=preset,
        client=client,
        cursor=cursor,
        limit=limit,
        min_games=min_games,
        include_provisional=include_provisional,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    preset: PresetName,
    *,
    client: AuthenticatedClient | Client,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    min_games: int | Unset = UNSET,
    include_provisional: bool | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | LeaderboardPage | Problem]:
    """A preset's leaderboard, best first.

     Ranked by rating, ties by player id. Provisional ratings (not established) are
    left off unless `include_provisional=true`. Pages are keyset-paged:
    follow `next_cursor` / `prev_cursor`; a cursor stays valid while ratings
    change (rows are never skipped or repeated because others moved, though
    a player whose rating changed may appear in another place).

    Args:
        preset (PresetName):
        cursor (str | Unset):
        limit (int | Unset):
        min_games (int | Unset):
        include_provisional (bool | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | LeaderboardPage | Problem]
    """

    kwargs = _get_kwargs(
        preset=preset,
        cursor=cursor,
        limit=limit,
        min_games=min_games,
        include_provisional=include_provisional,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    preset: PresetName,
    *,
    client: AuthenticatedClient | Client,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    min_games: int | Unset = UNSET,
    include_provisional: bool | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | LeaderboardPage | Problem | None:
    """A preset's leaderboard, best first.

     Ranked by rating, ties by player id. Provisional ratings (not established) are
    left off unless `include_provisional=true`. Pages are keyset-paged:
    follow `next_cursor` / `prev_cursor`; a cursor stays valid while ratings
    change (rows are never skipped or repeated because others moved, though
    a player whose rating changed may appear in another place).

    Args:
        preset (PresetName):
        cursor (str | Unset):
        limit (int | Unset):
        min_games (int | Unset):
        include_provisional (bool | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | LeaderboardPage | Problem
    """

    return (
        await asyncio_detailed(
            preset=preset,
            client=client,
            cursor=cursor,
            limit=limit,
            min_games=min_games,
            include_provisional=include_provisional,
            if_none_match=if_none_match,
        )
    ).parsed
