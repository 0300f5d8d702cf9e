import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.end_reason import EndReason
from ...models.game_page import GamePage
from ...models.game_status import GameStatus
from ...models.problem import Problem
from ...models.winner import Winner
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: GameStatus | Unset = UNSET,
    player: str | Unset = UNSET,
    opponent: str | Unset = UNSET,
    rated: bool | Unset = UNSET,
    rules: str | Unset = UNSET,
    preset: str | Unset = UNSET,
    result: Winner | Unset = UNSET,
    reason: EndReason | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    min_rating: float | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["player"] = player

    params["opponent"] = opponent

    params["rated"] = rated

    params["rules"] = rules

    params["preset"] = preset

    json_result: str | Unset = UNSET
    if not isinstance(result, Unset):
        json_result = result.value

    params["result"] = json_result

    json_reason: str | Unset = UNSET
    if not isinstance(reason, Unset):
        json_reason = reason.value

    params["reason"] = json_reason

    json_since: str | Unset = UNSET
    if not isinstance(since, Unset):
        json_since = since.isoformat()
    params["since"] = json_since

    json_until: str | Unset = UNSET
    if not isinstance(until, Unset):
        json_until = until.isoformat()
    params["until"] = json_until

    params["min_rating"] = min_rating

    params["cursor"] = cursor

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GamePage | Problem | None:
    if response.status_code == 200:
        response_200 = GamePage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GamePage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: GameStatus | Unset = UNSET,
    player: str | Unset = UNSET,
    opponent: str | Unset = UNSET,
    rated: bool | Unset = UNSET,
    rules: str | Unset = UNSET,
    preset: str | Unset = UNSET,
    result: Winner | Unset = UNSET,
    reason: EndReason | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    min_rating: float | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[GamePage | Problem]:
    """Games, newest first, filtered; a page at a time.

     Pages are cut by keyset (the last game's creation time and id, in
    `next_cursor`), not by offset: games created or finished while you page
    neither repeat nor push others out. Every game that existed when the
    first page was read appears exactly once (a game changing status
    meanwhile may leave or enter a `status` filter).

    Args:
        status (GameStatus | Unset): Where a game is in its life: `waiting` (a seat is open),
            `active`, `finished`, `cancelled`, `archived` (an imported, unfinished record), `aborted`
            (ended before each side made two moves; never rated) or `expired` (nobody joined).
        player (str | Unset): A player id: 10 ASCII letters or digits.
        opponent (str | Unset): A player id: 10 ASCII letters or digits.
        rated (bool | Unset):
        rules (str | Unset):
        preset (str | Unset):
        result (Winner | Unset): The winning seat, or `draw`.
        reason (EndReason | Unset): Why a game ended: both mandarins captured, the ply limit, a
            forfeit (no stones to refill with), a resignation or the clock.
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        min_rating (float | Unset):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GamePage | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        player=player,
        opponent=opponent,
        rated=rated,
        rules=rules,
        preset=preset,
        result=result,
        reason=reason,
        since=since,
        until=until,
        min_rating=min_rating,
        cursor=cursor,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    status: GameStatus | Unset = UNSET,
    player: str | Unset = UNSET,
    opponent: str | Unset = UNSET,
    rated: bool | Unset = UNSET,
    rules: str | Unset = UNSET,
    preset: str | Unset = UNSET,
    result: Winner | Unset = UNSET,
    reason: EndReason | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    min_rating: float | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> GamePage | Problem | None:
    """Games, newest first, filtered; a page at a time.

     Pages are cut by keyset (the last game's creation time and id, in
    `next_cursor`), not by offset: games created or finished while you page
    neither repeat nor push others out. Every game that existed when the
    first page was read appears exactly once (a game changing status
    meanwhile may leave or enter a `status` filter).

    Args:
        status (GameStatus | Unset): Where a game is in its life: `waiting` (a seat is open),
            `active`, `finished`, `cancelled`, `archived` (an imported, unfinished record), `aborted`
            (ended before each side made two moves; never rated) or `expired` (nobody joined).
        player (str | Unset): A player id: 10 ASCII letters or digits.
        opponent (str | Unset): A player id: 10 ASCII letters or digits.
        rated (bool | Unset):
        rules (str | Unset):
        preset (str | Unset):
        result (Winner | Unset): The winning seat, or `draw`.
        reason (EndReason | Unset): Why a game ended: both mandarins captured, the ply limit, a
            forfeit (no stones to refill with), a resignation or the clock.
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        min_rating (float | Unset):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GamePage | Problem
    """

    return sync_detailed(
        client=client,
        status=status,
        player=player,
        opponent=opponent,
        rated=rated,
        rules=rules,
        preset=preset,
        result=result,
        reason=reason,
        since=since,
        until=until,
        min_rating=min_rating,
        cursor=cursor,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: GameStatus | Unset = UNSET,
    player: str | Unset = UNSET,
    opponent: str | Unset = UNSET,
    rated: bool | Unset = UNSET,
    rules: str | Unset = UNSET,
    preset: str | Unset = UNSET,
    result: Winner | Unset = UNSET,
    reason: EndReason | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    min_rating: float | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[GamePage | Problem]:
    """Games, newest first, filtered; a page at a time.

     Pages are cut by keyset (the last game's creation time and id, in
    `next_cursor`), not by offset: games created or finished while you page
    neither repeat nor push others out. Every game that existed when the
    first page was read appears exactly once (a game changing status
    meanwhile may leave or enter a `status` filter).

    Args:
        status (GameStatus | Unset): Where a game is in its life: `waiting` (a seat is open),
            `active`, `finished`, `cancelled`, `archived` (an imported, unfinished record), `aborted`
            (ended before each side made two moves; never rated) or `expired` (nobody joined).
        player (str | Unset): A player id: 10 ASCII letters or digits.
        opponent (str | Unset): A player id: 10 ASCII letters or digits.
        rated (bool | Unset):
        rules (str | Unset):
        preset (str | Unset):
        result (Winner | Unset): The winning seat, or `draw`.
        reason (EndReason | Unset): Why a game ended: both mandarins captured, the ply limit, a
            forfeit (no stones to refill with), a resignation or the clock.
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        min_rating (float | Unset):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GamePage | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        player=player,
        opponent=opponent,
        rated=rated,
        rules=rules,
        preset=preset,
        result=result,
        reason=reason,
        since=since,
        until=until,
        min_rating=min_rating,
        cursor=cursor,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    status: GameStatus | Unset = UNSET,
    player: str | Unset = UNSET,
    opponent: str | Unset = UNSET,
    rated: bool | Unset = UNSET,
    rules: str | Unset = UNSET,
    preset: str | Unset = UNSET,
    result: Winner | Unset = UNSET,
    reason: EndReason | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    min_rating: float | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> GamePage | Problem | None:
    """Games, newest first, filtered; a page at a time.

     Pages are cut by keyset (the last game's creation time and id, in
    `next_cursor`), not by offset: games created or finished while you page
    neither repeat nor push others out. Every game that existed when the
    first page was read appears exactly once (a game changing status
    meanwhile may leave or enter a `status` filter).

    Args:
        status (GameStatus | Unset): Where a game is in its life: `waiting` (a seat is open),
            `active`, `finished`, `cancelled`, `archived` (an imported, unfinished record), `aborted`
            (ended before each side made two moves; never rated) or `expired` (nobody joined).
        player (str | Unset): A player id: 10 ASCII letters or digits.
        opponent (str | Unset): A player id: 10 ASCII letters or digits.
        rated (bool | Unset):
        rules (str | Unset):
        preset (str | Unset):
        result (Winner | Unset): The winning seat, or `draw`.
        reason (EndReason | Unset): Why a game ended: both mandarins captured, the ply limit, a
            forfeit (no stones to refill with), a resignation or the clock.
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        min_rating (float | Unset):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GamePage | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            player=player,
            opponent=opponent,
            rated=rated,
            rules=rules,
            preset=preset,
            result=result,
            reason=reason,
            since=since,
            until=until,
            min_rating=min_rating,
            cursor=cursor,
            limit=limit,
        )
    ).parsed
