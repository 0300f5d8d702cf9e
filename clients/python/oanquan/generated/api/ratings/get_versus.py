from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.versus_view import VersusView
from ...types import Response


def _get_kwargs(
    a: str,
    b: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/players/{a}/versus/{b}".format(
            a=quote(str(a), safe=""),
            b=quote(str(b), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | VersusView | None:
    if response.status_code == 200:
        response_200 = VersusView.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | VersusView]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    a: str,
    b: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | VersusView]:
    """Head-to-head record

     The head-to-head record of one player against another, from the first
    player's side: every finished game between them, and the rated ones.

    Args:
        a (str): A player id: 10 ASCII letters or digits.
        b (str): A player id: 10 ASCII letters or digits.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | VersusView]
    """

    kwargs = _get_kwargs(
        a=a,
        b=b,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    a: str,
    b: str,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | VersusView | None:
    """Head-to-head record

     The head-to-head record of one player against another, from the first
    player's side: every finished game between them, and the rated ones.

    Args:
        a (str): A player id: 10 ASCII letters or digits.
        b (str): A player id: 10 ASCII letters or digits.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | VersusView
    """

    return sync_detailed(
        a=a,
        b=b,
        client=client,
    ).parsed


async def asyncio_detailed(
    a: str,
    b: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | VersusView]:
    """Head-to-head record

     The head-to-head record of one player against another, from the first
    player's side: every finished game between them, and the rated ones.

    Args:
        a (str): A player id: 10 ASCII letters or digits.
        b (str): A player id: 10 ASCII letters or digits.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | VersusView]
    """

    kwargs = _get_kwargs(
        a=a,
        b=b,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    a: str,
    b: str,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | VersusView | None:
    """Head-to-head record

     The head-to-head record of one player against another, from the first
    player's side: every finished game between them, and the rated ones.

    Args:
        a (str): A player id: 10 ASCII letters or digits.
        b (str): A player id: 10 ASCII letters or digits.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | VersusView
    """

    return (
        await asyncio_detailed(
            a=a,
            b=b,
            client=client,
        )
    ).parsed
