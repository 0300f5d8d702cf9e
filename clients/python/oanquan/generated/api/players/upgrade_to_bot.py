from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.player_profile import PlayerProfile
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/me/upgrade-to-bot",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PlayerProfile | Problem | None:
    if response.status_code == 200:
        response_200 = PlayerProfile.from_dict(response.json())

        return response_200

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
) -> Response[PlayerProfile | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[PlayerProfile | Problem]:
    """Upgrade to a bot account

     Makes your account a bot account, for good: an outside engine plays
    it through the API. It is shown as a bot everywhere (`bot: true`), its
    games are never rated (`unrated_reason: "bot"`), so it is on no
    leaderboard. Only a fresh person's account is upgraded: one that has
    played no rated game and has no game waiting or under way.

    The bearer token needs the scope `play`.

    Args:
        idempotency_key (str | Unset): An idempotency key: 1 to 255 visible ASCII characters (a
            UUID is a good one).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerProfile | Problem]
    """

    kwargs = _get_kwargs(
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> PlayerProfile | Problem | None:
    """Upgrade to a bot account

     Makes your account a bot account, for good: an outside engine plays
    it through the API. It is shown as a bot everywhere (`bot: true`), its
    games are never rated (`unrated_reason: "bot"`), so it is on no
    leaderboard. Only a fresh person's account is upgraded: one that has
    played no rated game and has no game waiting or under way.

    The bearer token needs the scope `play`.

    Args:
        idempotency_key (str | Unset): An idempotency key: 1 to 255 visible ASCII characters (a
            UUID is a good one).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerProfile | Problem
    """

    return sync_detailed(
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[PlayerProfile | Problem]:
    """Upgrade to a bot account

     Makes your account a bot account, for good: an outside engine plays
    it through the API. It is shown as a bot everywhere (`bot: true`), its
    games are never rated (`unrated_reason: "bot"`), so it is on no
    leaderboard. Only a fresh person's account is upgraded: one that has
    played no rated game and has no game waiting or under way.

    The bearer token needs the scope `play`.

    Args:
        idempotency_key (str | Unset): An idempotency key: 1 to 255 visible ASCII characters (a
            UUID is a good one).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerProfile | Problem]
    """

    kwargs = _get_kwargs(
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> PlayerProfile | Problem | None:
    """Upgrade to a bot account

     Makes your account a bot account, for good: an outside engine plays
    it through the API. It is shown as a bot everywhere (`bot: true`), its
    games are never rated (`unrated_reason: "bot"`), so it is on no
    leaderboard. Only a fresh person's account is upgraded: one that has
    played no rated game and has no game waiting or under way.

    The bearer token needs the scope `play`.

    Args:
        idempotency_key (str | Unset): An idempotency key: 1 to 255 visible ASCII characters (a
            UUID is a good one).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerProfile | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
