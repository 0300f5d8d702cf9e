from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.best_move_request import BestMoveRequest
from ...models.best_move_response import BestMoveResponse
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: BestMoveRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/analysis/best",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BestMoveResponse | Problem | None:
    if response.status_code == 200:
        response_200 = BestMoveResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[BestMoveResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: BestMoveRequest,
) -> Response[BestMoveResponse | Problem]:
    """Best move of a position

     Searches a position for its best move and values every legal move. A
    position with few stones left may be in the endgame table
    (`GET /v1/analysis/table`): its value is then exact and `source` is
    `table`.

    Args:
        body (BestMoveRequest):  Example: {'position': 'M5,0,0,1,0,0,M3,0,4,0,0,2 s 0:0 0:0 20',
            'rules': {'preset': 'classic'}, 'time_ms': 200}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BestMoveResponse | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: BestMoveRequest,
) -> BestMoveResponse | Problem | None:
    """Best move of a position

     Searches a position for its best move and values every legal move. A
    position with few stones left may be in the endgame table
    (`GET /v1/analysis/table`): its value is then exact and `source` is
    `table`.

    Args:
        body (BestMoveRequest):  Example: {'position': 'M5,0,0,1,0,0,M3,0,4,0,0,2 s 0:0 0:0 20',
            'rules': {'preset': 'classic'}, 'time_ms': 200}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BestMoveResponse | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: BestMoveRequest,
) -> Response[BestMoveResponse | Problem]:
    """Best move of a position

     Searches a position for its best move and values every legal move. A
    position with few stones left may be in the endgame table
    (`GET /v1/analysis/table`): its value is then exact and `source` is
    `table`.

    Args:
        body (BestMoveRequest):  Example: {'position': 'M5,0,0,1,0,0,M3,0,4,0,0,2 s 0:0 0:0 20',
            'rules': {'preset': 'classic'}, 'time_ms': 200}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BestMoveResponse | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: BestMoveRequest,
) -> BestMoveResponse | Problem | None:
    """Best move of a position

     Searches a position for its best move and values every legal move. A
    position with few stones left may be in the endgame table
    (`GET /v1/analysis/table`): its value is then exact and `source` is
    `table`.

    Args:
        body (BestMoveRequest):  Example: {'position': 'M5,0,0,1,0,0,M3,0,4,0,0,2 s 0:0 0:0 20',
            'rules': {'preset': 'classic'}, 'time_ms': 200}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BestMoveResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
