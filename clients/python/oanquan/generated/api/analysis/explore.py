import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.explorer_answer import ExplorerAnswer
from ...models.preset_name import PresetName
from ...models.problem import Problem
from ...models.seat_name import SeatName
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    preset: PresetName | Unset = UNSET,
    rules: str | Unset = UNSET,
    custom_start: bool | Unset = UNSET,
    position: str | Unset = UNSET,
    play: str | Unset = UNSET,
    first: SeatName | Unset = UNSET,
    rated: bool | Unset = UNSET,
    min_rating: float | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    speed: str | Unset = UNSET,
    recent: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_preset: str | Unset = UNSET
    if not isinstance(preset, Unset):
        json_preset = preset.value

    params["preset"] = json_preset

    params["rules"] = rules

    params["custom_start"] = custom_start

    params["position"] = position

    params["play"] = play

    json_first: str | Unset = UNSET
    if not isinstance(first, Unset):
        json_first = first.value

    params["first"] = json_first

    params["rated"] = rated

    params["min_rating"] = min_rating

    json_since: str | Unset = UNSET
    if not isinstance(since, Unset):
        json_since = since.isoformat()
    params["since"] = json_since

    json_until: str | Unset = UNSET
    if not isinstance(until, Unset):
        json_until = until.isoformat()
    params["until"] = json_until

    params["speed"] = speed

    params["recent"] = recent

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/explorer",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ExplorerAnswer | Problem | None:
    if response.status_code == 200:
        response_200 = ExplorerAnswer.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

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
) -> Response[ExplorerAnswer | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    preset: PresetName | Unset = UNSET,
    rules: str | Unset = UNSET,
    custom_start: bool | Unset = UNSET,
    position: str | Unset = UNSET,
    play: str | Unset = UNSET,
    first: SeatName | Unset = UNSET,
    rated: bool | Unset = UNSET,
    min_rating: float | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    speed: str | Unset = UNSET,
    recent: int | Unset = UNSET,
) -> Response[ExplorerAnswer | Problem]:
    """Opening explorer

     The finished games that reached a position — named by `position`, or by
    `play` from the standard start — and, for each move played from it,
    how those games ended. A position is its board, side to move and stores
    (not its ply), so lines that transpose meet. Games under other rules,
    and games from a custom start (`custom_start=true`), are counted apart.
    The filters narrow the games counted. Every game finished before the
    request is counted, unless more were waiting to be counted than one
    request counts: `pending_games` then says how many are left out.

    Args:
        preset (PresetName | Unset):
        rules (str | Unset):
        custom_start (bool | Unset):
        position (str | Unset):
        play (str | Unset):
        first (SeatName | Unset): A seat, as the API spells it.
        rated (bool | Unset):
        min_rating (float | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        speed (str | Unset):
        recent (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExplorerAnswer | Problem]
    """

    kwargs = _get_kwargs(
        preset=preset,
        rules=rules,
        custom_start=custom_start,
        position=position,
        play=play,
        first=first,
        rated=rated,
        min_rating=min_rating,
        since=since,
        until=until,
        speed=speed,
        recent=recent,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    preset: PresetName | Unset = UNSET,
    rules: str | Unset = UNSET,
    custom_start: bool | Unset = UNSET,
    position: str | Unset = UNSET,
    play: str | Unset = UNSET,
    first: SeatName | Unset = UNSET,
    rated: bool | Unset = UNSET,
    min_rating: float | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    speed: str | Unset = UNSET,
    recent: int | Unset = UNSET,
) -> ExplorerAnswer | Problem | None:
    """Opening explorer

     The finished games that reached a position — named by `position`, or by
    `play` from the standard start — and, for each move played from it,
    how those games ended. A position is its board, side to move and stores
    (not its ply), so lines that transpose meet. Games under other rules,
    and games from a custom start (`custom_start=true`), are counted apart.
    The filters narrow the games counted. Every game finished before the
    request is counted, unless more were waiting to be counted than one
    request counts: `pending_games` then says how many are left out.

    Args:
        preset (PresetName | Unset):
        rules (str | Unset):
        custom_start (bool | Unset):
        position (str | Unset):
        play (str | Unset):
        first (SeatName | Unset): A seat, as the API spells it.
        rated (bool | Unset):
        min_rating (float | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        speed (str | Unset):
        recent (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExplorerAnswer | Problem
    """

    return sync_detailed(
        client=client,
        preset=preset,
        rules=rules,
        custom_start=custom_start,
        position=position,
        play=play,
        first=first,
        rated=rated,
        min_rating=min_rating,
        since=since,
        until=until,
        speed=speed,
        recent=recent,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    preset: PresetName | Unset = UNSET,
    rules: str | Unset = UNSET,
    custom_start: bool | Unset = UNSET,
    position: str | Unset = UNSET,
    play: str | Unset = UNSET,
    first: SeatName | Unset = UNSET,
    rated: bool | Unset = UNSET,
    min_rating: float | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    speed: str | Unset = UNSET,
    recent: int | Unset = UNSET,
) -> Response[ExplorerAnswer | Problem]:
    """Opening explorer

     The finished games that reached a position — named by `position`, or by
    `play` from the standard start — and, for each move played from it,
    how those games ended. A position is its board, side to move and stores
    (not its ply), so lines that transpose meet. Games under other rules,
    and games from a custom start (`custom_start=true`), are counted apart.
    The filters narrow the games counted. Every game finished before the
    request is counted, unless more were waiting to be counted than one
    request counts: `pending_games` then says how many are left out.

    Args:
        preset (PresetName | Unset):
        rules (str | Unset):
        custom_start (bool | Unset):
        position (str | Unset):
        play (str | Unset):
        first (SeatName | Unset): A seat, as the API spells it.
        rated (bool | Unset):
        min_rating (float | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        speed (str | Unset):
        recent (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExplorerAnswer | Problem]
    """

    kwargs = _get_kwargs(
        preset=preset,
        rules=rules,
        custom_start=custom_start,
        position=position,
        play=play,
        first=first,
        rated=rated,
        min_rating=min_rating,
        since=since,
        until=until,
        speed=speed,
        recent=recent,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    preset: PresetName | Unset = UNSET,
    rules: str | Unset = UNSET,
    custom_start: bool | Unset = UNSET,
    position: str | Unset = UNSET,
    play: str | Unset = UNSET,
    first: SeatName | Unset = UNSET,
    rated: bool | Unset = UNSET,
    min_rating: float | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    speed: str | Unset = UNSET,
    recent: int | Unset = UNSET,
) -> ExplorerAnswer | Problem | None:
    """Opening explorer

     The finished games that reached a position — named by `position`, or by
    `play` from the standard start — and, for each move played from it,
    how those games ended. A position is its board, side to move and stores
    (not its ply), so lines that transpose meet. Games under other rules,
    and games from a custom start (`custom_start=true`), are counted apart.
    The filters narrow the games counted. Every game finished before the
    request is counted, unless more were waiting to be counted than one
    request counts: `pending_games` then says how many are left out.

    Args:
        preset (PresetName | Unset):
        rules (str | Unset):
        custom_start (bool | Unset):
        position (str | Unset):
        play (str | Unset):
        first (SeatName | Unset): A seat, as the API spells it.
        rated (bool | Unset):
        min_rating (float | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        speed (str | Unset):
        recent (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExplorerAnswer | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            preset=preset,
            rules=rules,
            custom_start=custom_start,
            position=position,
            play=play,
            first=first,
            rated=rated,
            min_rating=min_rating,
            since=since,
            until=until,
            speed=speed,
            recent=recent,
        )
    ).parsed
