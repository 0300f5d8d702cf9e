import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.end_reason import EndReason
from ...models.game_page import GamePage
from ...models.problem import Problem
from ...models.winner import Winner
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    status: str | Unset = UNSET,
    rated: bool | Unset = UNSET,
    rules: str | Unset = UNSET,
    preset: str | Unset = UNSET,
    opponent: str | Unset = UNSET,
    result: Winner | Unset = UNSET,
    reason: EndReason | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    min_rating: float | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["status"] = status

    params["rated"] = rated

    params["rules"] = rules

    params["preset"] = preset

    params["opponent"] = opponent

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
        "url": "/v1/players/{id}/games".format(
            id=quote(str(id), safe=""),
        ),
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GamePage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    status: str | Unset = UNSET,
    rated: bool | Unset = UNSET,
    rules: str | Unset = UNSET,
    preset: str | Unset = UNSET,
    opponent: str | Unset = UNSET,
    result: Winner | Unset = UNSET,
    reason: EndReason | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    min_rating: float | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[GamePage | Problem]:
    """List a player's games

     The games a player sits in, newest first; paged like `GET /v1/games`.

    Args:
        id (str): A player id: 10 ASCII letters or digits.
        status (str | Unset):
        rated (bool | Unset):
        rules (str | Unset):
        preset (str | Unset):
        opponent (str | Unset): A player id: 10 ASCII letters or digits.
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
        id=id,
        status=status,
        rated=rated,
        rules=rules,
        preset=preset,
        opponent=opponent,
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
    id: str,
    *,
    client: AuthenticatedClient | Client,
    status: str | Unset = UNSET,
    rated: bool | Unset = UNSET,
    rules: str | Unset = UNSET,
    preset: str | Unset = UNSET,
    opponent: str | Unset = UNSET,
    result: Winner | Unset = UNSET,
    reason: EndReason | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    min_rating: float | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> GamePage | Problem | None:
    """List a player's games

     The games a player sits in, newest first; paged like `GET /v1/games`.

    Args:
        id (str): A player id: 10 ASCII letters or digits.
        status (str | Unset):
        rated (bool | Unset):
        rules (str | Unset):
        preset (str | Unset):
        opponent (str | Unset): A player id: 10 ASCII letters or digits.
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
        id=id,
        client=client,
        status=status,
        rated=rated,
        rules=rules,
        preset=preset,
        opponent=opponent,
        result=result,
        reason=reason,
        since=since,
        until=until,
        min_rating=min_rating,
        cursor=cursor,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    status: str | Unset = UNSET,
    rated: bool | Unset = UNSET,
    rules: str | Unset = UNSET,
    preset: str | Unset = UNSET,
    opponent: str | Unset = UNSET,
    result: Winner | Unset = UNSET,
    reason: EndReason | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    min_rating: float | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[GamePage | Problem]:
    """List a player's games

     The games a player sits in, newest first; paged like `GET /v1/games`.

    Args:
        id (str): A player id: 10 ASCII letters or digits.
        status (str | Unset):
        rated (bool | Unset):
        rules (str | Unset):
        preset (str | Unset):
        opponent (str | Unset): A player id: 10 ASCII letters or digits.
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
        id=id,
        status=status,
        rated=rated,
        rules=rules,
        preset=preset,
        opponent=opponent,
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
    id: str,
    *,
    client: AuthenticatedClient | Client,
    status: str | Unset = UNSET,
    rated: bool | Unset = UNSET,
    rules: str | Unset = UNSET,
    preset: str | Unset = UNSET,
    opponent: str | Unset = UNSET,
    result: Winner | Unset = UNSET,
    reason: EndReason | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    min_rating: float | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> GamePage | Problem | None:
    """List a player's games

     The games a player sits in, newest first; paged like `GET /v1/games`.

    Args:
        id (str): A player id: 10 ASCII letters or digits.
        status (str | Unset):
        rated (bool | Unset):
        rules (str | Unset):
        preset (str | Unset):
        opponent (str | Unset): A player id: 10 ASCII letters or digits.
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
            id=id,
            client=client,
            status=status,
            rated=rated,
            rules=rules,
            preset=preset,
            opponent=opponent,
            result=result,
            reason=reason,
            since=since,
            until=until,
            min_rating=min_rating,
            cursor=cursor,
            limit=limit,
        )
    ).parsed
