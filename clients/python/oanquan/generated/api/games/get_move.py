from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.move_view import MoveView
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    ply: int,
    *,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{id}/moves/{ply}".format(
            id=quote(str(id), safe=""),
            ply=quote(str(ply), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | MoveView | Problem | None:
    if response.status_code == 200:
        response_200 = MoveView.from_dict(response.json())

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
) -> Response[Any | MoveView | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    ply: int,
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | MoveView | Problem]:
    """Get one move

     One move of a game, with its event trace. A move never changes once
    played: it is sent `Cache-Control: public, max-age=31536000, immutable`.

    Args:
        id (str): A game id: 10 ASCII letters or digits.
        ply (int):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | MoveView | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        ply=ply,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    ply: int,
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
) -> Any | MoveView | Problem | None:
    """Get one move

     One move of a game, with its event trace. A move never changes once
    played: it is sent `Cache-Control: public, max-age=31536000, immutable`.

    Args:
        id (str): A game id: 10 ASCII letters or digits.
        ply (int):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | MoveView | Problem
    """

    return sync_detailed(
        id=id,
        ply=ply,
        client=client,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    id: str,
    ply: int,
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | MoveView | Problem]:
    """Get one move

     One move of a game, with its event trace. A move never changes once
    played: it is sent `Cache-Control: public, max-age=31536000, immutable`.

    Args:
        id (str): A game id: 10 ASCII letters or digits.
        ply (int):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | MoveView | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        ply=ply,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    ply: int,
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
) -> Any | MoveView | Problem | None:
    """Get one move

     One move of a game, with its event trace. A move never changes once
    played: it is sent `Cache-Control: public, max-age=31536000, immutable`.

    Args:
        id (str): A game id: 10 ASCII letters or digits.
        ply (int):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | MoveView | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            ply=ply,
            client=client,
            if_none_match=if_none_match,
        )
    ).parsed
