from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.new_tournament_body import NewTournamentBody
from ...models.problem import Problem
from ...models.tournament_view import TournamentView
from ...types import Response


def _get_kwargs(
    *,
    body: NewTournamentBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tournaments",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TournamentView | None:
    if response.status_code == 201:
        response_201 = TournamentView.from_dict(response.json())

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
) -> Response[Problem | TournamentView]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: NewTournamentBody,
) -> Response[Problem | TournamentView]:
    """Create a tournament

     A round-robin (every pair meets once, or twice with `double`), a
    Swiss (`rounds` rounds, no pair twice) or an arena (`duration_min`
    minutes, each player paired again as soon as they are free),
    `registering` until its creator starts it or `starts_at` comes. You are
    not entered by creating it: join it to play.

    The bearer token needs the scope `play`.

    Args:
        body (NewTournamentBody): A tournament to create. Example: {'clock': {'increment_s': 3,
            'initial_s': 300}, 'format': 'swiss', 'max_players': 16, 'name': 'Club night', 'rated':
            True, 'rounds': 3, 'rules': {'preset': 'classic'}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TournamentView]
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
    client: AuthenticatedClient,
    body: NewTournamentBody,
) -> Problem | TournamentView | None:
    """Create a tournament

     A round-robin (every pair meets once, or twice with `double`), a
    Swiss (`rounds` rounds, no pair twice) or an arena (`duration_min`
    minutes, each player paired again as soon as they are free),
    `registering` until its creator starts it or `starts_at` comes. You are
    not entered by creating it: join it to play.

    The bearer token needs the scope `play`.

    Args:
        body (NewTournamentBody): A tournament to create. Example: {'clock': {'increment_s': 3,
            'initial_s': 300}, 'format': 'swiss', 'max_players': 16, 'name': 'Club night', 'rated':
            True, 'rounds': 3, 'rules': {'preset': 'classic'}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TournamentView
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NewTournamentBody,
) -> Response[Problem | TournamentView]:
    """Create a tournament

     A round-robin (every pair meets once, or twice with `double`), a
    Swiss (`rounds` rounds, no pair twice) or an arena (`duration_min`
    minutes, each player paired again as soon as they are free),
    `registering` until its creator starts it or `starts_at` comes. You are
    not entered by creating it: join it to play.

    The bearer token needs the scope `play`.

    Args:
        body (NewTournamentBody): A tournament to create. Example: {'clock': {'increment_s': 3,
            'initial_s': 300}, 'format': 'swiss', 'max_players': 16, 'name': 'Club night', 'rated':
            True, 'rounds': 3, 'rules': {'preset': 'classic'}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TournamentView]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: NewTournamentBody,
) -> Problem | TournamentView | None:
    """Create a tournament

     A round-robin (every pair meets once, or twice with `double`), a
    Swiss (`rounds` rounds, no pair twice) or an arena (`duration_min`
    minutes, each player paired again as soon as they are free),
    `registering` until its creator starts it or `starts_at` comes. You are
    not entered by creating it: join it to play.

    The bearer token needs the scope `play`.

    Args:
        body (NewTournamentBody): A tournament to create. Example: {'clock': {'increment_s': 3,
            'initial_s': 300}, 'format': 'swiss', 'max_players': 16, 'name': 'Club night', 'rated':
            True, 'rounds': 3, 'rules': {'preset': 'classic'}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TournamentView
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
