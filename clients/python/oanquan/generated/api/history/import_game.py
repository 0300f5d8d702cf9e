from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_record_input import GameRecordInput
from ...models.game_view import GameView
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: GameRecordInput,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/import",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GameView | Problem | None:
    if response.status_code == 201:
        response_201 = GameView.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GameView | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: GameRecordInput,
    idempotency_key: str | Unset = UNSET,
) -> Response[GameView | Problem]:
    """Imports a game record (JSON or text) as an unrated game for study.

     Every move is replayed with the engine; a record that does not replay,
    or that states positions or a result the moves contradict, is refused
    with a problem naming the first bad move (or the disagreement), and
    nothing is stored. A record that reaches an end (or states a
    resignation) becomes a `finished` game, any other an `archived` one
    (read-only). The players are the names the record gives, linked to no
    account; you are the game's `created_by`. Bodies up to 1 MiB.

    The bearer token needs the scope `play`.

    Args:
        idempotency_key (str | Unset): An idempotency key: 1 to 255 visible ASCII characters (a
            UUID is a good one).
        body (GameRecordInput): A game record to import (`POST /v1/games/import`): an exported
            `GameRecord` reads as one. Only `moves[].notation` is required;
            everything else given is checked against the replay.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameView | Problem]
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
    body: GameRecordInput,
    idempotency_key: str | Unset = UNSET,
) -> GameView | Problem | None:
    """Imports a game record (JSON or text) as an unrated game for study.

     Every move is replayed with the engine; a record that does not replay,
    or that states positions or a result the moves contradict, is refused
    with a problem naming the first bad move (or the disagreement), and
    nothing is stored. A record that reaches an end (or states a
    resignation) becomes a `finished` game, any other an `archived` one
    (read-only). The players are the names the record gives, linked to no
    account; you are the game's `created_by`. Bodies up to 1 MiB.

    The bearer token needs the scope `play`.

    Args:
        idempotency_key (str | Unset): An idempotency key: 1 to 255 visible ASCII characters (a
            UUID is a good one).
        body (GameRecordInput): A game record to import (`POST /v1/games/import`): an exported
            `GameRecord` reads as one. Only `moves[].notation` is required;
            everything else given is checked against the replay.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameView | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: GameRecordInput,
    idempotency_key: str | Unset = UNSET,
) -> Response[GameView | Problem]:
    """Imports a game record (JSON or text) as an unrated game for study.

     Every move is replayed with the engine; a record that does not replay,
    or that states positions or a result the moves contradict, is refused
    with a problem naming the first bad move (or the disagreement), and
    nothing is stored. A record that reaches an end (or states a
    resignation) becomes a `finished` game, any other an `archived` one
    (read-only). The players are the names the record gives, linked to no
    account; you are the game's `created_by`. Bodies up to 1 MiB.

    The bearer token needs the scope `play`.

    Args:
        idempotency_key (str | Unset): An idempotency key: 1 to 255 visible ASCII characters (a
            UUID is a good one).
        body (GameRecordInput): A game record to import (`POST /v1/games/import`): an exported
            `GameRecord` reads as one. Only `moves[].notation` is required;
            everything else given is checked against the replay.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameView | Problem]
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
    body: GameRecordInput,
    idempotency_key: str | Unset = UNSET,
) -> GameView | Problem | None:
    """Imports a game record (JSON or text) as an unrated game for study.

     Every move is replayed with the engine; a record that does not replay,
    or that states positions or a result the moves contradict, is refused
    with a problem naming the first bad move (or the disagreement), and
    nothing is stored. A record that reaches an end (or states a
    resignation) becomes a `finished` game, any other an `archived` one
    (read-only). The players are the names the record gives, linked to no
    account; you are the game's `created_by`. Bodies up to 1 MiB.

    The bearer token needs the scope `play`.

    Args:
        idempotency_key (str | Unset): An idempotency key: 1 to 255 visible ASCII characters (a
            UUID is a good one).
        body (GameRecordInput): A game record to import (`POST /v1/games/import`): an exported
            `GameRecord` reads as one. Only `moves[].notation` is required;
            everything else given is checked against the replay.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameView | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
