from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_record import GameRecord
from ...models.problem import Problem
from ...models.record_format import RecordFormat
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    format_: RecordFormat | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{id}/export".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | GameRecord | Problem | None:
    if response.status_code == 200:
        response_200 = GameRecord.from_dict(response.json())

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
) -> Response[Any | GameRecord | Problem]:
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
    format_: RecordFormat | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | GameRecord | Problem]:
    """The full record of a game, as JSON or as PGN-like text.

     JSON (the default) holds the rules, players, start position, every move
    with its time and the position after it, and the result. Ask for text
    with `Accept: text/plain` or `?format=text`; README.md describes that
    format. A finished game's record never changes and is sent `immutable`.

    Args:
        id (str): A game id: 10 ASCII letters or digits.
        format_ (RecordFormat | Unset): A game record's form: `json` (a `GameRecord`) or `text` (a
            `GameRecordText`).
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | GameRecord | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        format_=format_,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    format_: RecordFormat | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | GameRecord | Problem | None:
    """The full record of a game, as JSON or as PGN-like text.

     JSON (the default) holds the rules, players, start position, every move
    with its time and the position after it, and the result. Ask for text
    with `Accept: text/plain` or `?format=text`; README.md describes that
    format. A finished game's record never changes and is sent `immutable`.

    Args:
        id (str): A game id: 10 ASCII letters or digits.
        format_ (RecordFormat | Unset): A game record's form: `json` (a `GameRecord`) or `text` (a
            `GameRecordText`).
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | GameRecord | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        format_=format_,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    format_: RecordFormat | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | GameRecord | Problem]:
    """The full record of a game, as JSON or as PGN-like text.

     JSON (the default) holds the rules, players, start position, every move
    with its time and the position after it, and the result. Ask for text
    with `Accept: text/plain` or `?format=text`; README.md describes that
    format. A finished game's record never changes and is sent `immutable`.

    Args:
        id (str): A game id: 10 ASCII letters or digits.
        format_ (RecordFormat | Unset): A game record's form: `json` (a `GameRecord`) or `text` (a
            `GameRecordText`).
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | GameRecord | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        format_=format_,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    format_: RecordFormat | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | GameRecord | Problem | None:
    """The full record of a game, as JSON or as PGN-like text.

     JSON (the default) holds the rules, players, start position, every move
    with its time and the position after it, and the result. Ask for text
    with `Accept: text/plain` or `?format=text`; README.md describes that
    format. A finished game's record never changes and is sent `immutable`.

    Args:
        id (str): A game id: 10 ASCII letters or digits.
        format_ (RecordFormat | Unset): A game record's form: `json` (a `GameRecord`) or `text` (a
            `GameRecordText`).
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | GameRecord | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            format_=format_,
            if_none_match=if_none_match,
        )
    ).parsed
