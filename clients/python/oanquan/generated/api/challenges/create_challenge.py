from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.challenge_view import ChallengeView
from ...models.new_challenge import NewChallenge
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: NewChallenge,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/challenges",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ChallengeView | Problem | None:
    if response.status_code == 201:
        response_201 = ChallengeView.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ChallengeView | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: NewChallenge,
    idempotency_key: str | Unset = UNSET,
) -> Response[ChallengeView | Problem]:
    """Challenge a player

     Makes a game for the player named by `opponent`, who is told on their
    `GET /v1/me/stream` and accepts or declines it; it counts among your
    waiting games until then and expires like them.

    The bearer token needs the scope `challenge`.

    Args:
        idempotency_key (str | Unset): An idempotency key: 1 to 255 visible ASCII characters (a
            UUID is a good one).
        body (NewChallenge): A challenge to a player: the game to make for them. Example:
            {'clock': {'increment_s': 3, 'initial_s': 300}, 'opponent': 'aB3dE6gH9j', 'rated': True,
            'rules': {'preset': 'classic'}, 'seat': 'south'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChallengeView | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: NewChallenge,
    idempotency_key: str | Unset = UNSET,
) -> ChallengeView | Problem | None:
    """Challenge a player

     Makes a game for the player named by `opponent`, who is told on their
    `GET /v1/me/stream` and accepts or declines it; it counts among your
    waiting games until then and expires like them.

    The bearer token needs the scope `challenge`.

    Args:
        idempotency_key (str | Unset): An idempotency key: 1 to 255 visible ASCII characters (a
            UUID is a good one).
        body (NewChallenge): A challenge to a player: the game to make for them. Example:
            {'clock': {'increment_s': 3, 'initial_s': 300}, 'opponent': 'aB3dE6gH9j', 'rated': True,
            'rules': {'preset': 'classic'}, 'seat': 'south'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChallengeView | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NewChallenge,
    idempotency_key: str | Unset = UNSET,
) -> Response[ChallengeView | Problem]:
    """Challenge a player

     Makes a game for the player named by `opponent`, who is told on their
    `GET /v1/me/stream` and accepts or declines it; it counts among your
    waiting games until then and expires like them.

    The bearer token needs the scope `challenge`.

    Args:
        idempotency_key (str | Unset): An idempotency key: 1 to 255 visible ASCII characters (a
            UUID is a good one).
        body (NewChallenge): A challenge to a player: the game to make for them. Example:
            {'clock': {'increment_s': 3, 'initial_s': 300}, 'opponent': 'aB3dE6gH9j', 'rated': True,
            'rules': {'preset': 'classic'}, 'seat': 'south'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChallengeView | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: NewChallenge,
    idempotency_key: str | Unset = UNSET,
) -> ChallengeView | Problem | None:
    """Challenge a player

     Makes a game for the player named by `opponent`, who is told on their
    `GET /v1/me/stream` and accepts or declines it; it counts among your
    waiting games until then and expires like them.

    The bearer token needs the scope `challenge`.

    Args:
        idempotency_key (str | Unset): An idempotency key: 1 to 255 visible ASCII characters (a
            UUID is a good one).
        body (NewChallenge): A challenge to a player: the game to make for them. Example:
            {'clock': {'increment_s': 3, 'initial_s': 300}, 'opponent': 'aB3dE6gH9j', 'rated': True,
            'rules': {'preset': 'classic'}, 'seat': 'south'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChallengeView | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
