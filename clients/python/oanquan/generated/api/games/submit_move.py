from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.move_input import MoveInput
from ...models.played_move import PlayedMove
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: MoveInput,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    prefer: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(prefer, Unset):
        headers["Prefer"] = prefer

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{id}/moves".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> PlayedMove | Problem | None:
    if response.status_code == 201:
        response_201 = PlayedMove.from_dict(response.json())

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

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 412:
        response_412 = Problem.from_dict(response.json())

        return response_412

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
) -> Response[PlayedMove | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: MoveInput,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    prefer: str | Unset = UNSET,
) -> Response[PlayedMove | Problem]:
    """Plays a move in an active game, on your turn.

     The move and the game's new state are written in one transaction; of
    several submissions for one ply exactly one succeeds and the others get
    409. Send `ply` (or `If-Match` with the game's `ETag`) to make sure the
    move is played in the position you saw, and `Idempotency-Key` to retry
    safely.

    With `Prefer: return=minimal` the answer is compact and carries
    `Preference-Applied: return=minimal`: `{"move": {"ply", "notation"},
    "game": {"id", "status", "version", "ply", "to_move", "position",
    "scores", "legal_moves", "clock", "result"}}`, each field as in
    `PlayedMove` (no event trace, board, players or rules). Without it the
    answer is the full `PlayedMove` below. (The 201 names only `PlayedMove`,
    so that the typed clients' answer type stays one.)

    The bearer token needs the scope `play`.

    Args:
        id (str): A game id: 10 ASCII letters or digits.
        if_match (str | Unset):
        idempotency_key (str | Unset): An idempotency key: 1 to 255 visible ASCII characters (a
            UUID is a good one).
        prefer (str | Unset):
        body (MoveInput): A move: `{"move": "3R"}`, or `{"square": 3, "direction": "right"}`.
            Example: {'move': '3R', 'ply': 1}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayedMove | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
        prefer=prefer,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: MoveInput,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    prefer: str | Unset = UNSET,
) -> PlayedMove | Problem | None:
    """Plays a move in an active game, on your turn.

     The move and the game's new state are written in one transaction; of
    several submissions for one ply exactly one succeeds and the others get
    409. Send `ply` (or `If-Match` with the game's `ETag`) to make sure the
    move is played in the position you saw, and `Idempotency-Key` to retry
    safely.

    With `Prefer: return=minimal` the answer is compact and carries
    `Preference-Applied: return=minimal`: `{"move": {"ply", "notation"},
    "game": {"id", "status", "version", "ply", "to_move", "position",
    "scores", "legal_moves", "clock", "result"}}`, each field as in
    `PlayedMove` (no event trace, board, players or rules). Without it the
    answer is the full `PlayedMove` below. (The 201 names only `PlayedMove`,
    so that the typed clients' answer type stays one.)

    The bearer token needs the scope `play`.

    Args:
        id (str): A game id: 10 ASCII letters or digits.
        if_match (str | Unset):
        idempotency_key (str | Unset): An idempotency key: 1 to 255 visible ASCII characters (a
            UUID is a good one).
        prefer (str | Unset):
        body (MoveInput): A move: `{"move": "3R"}`, or `{"square": 3, "direction": "right"}`.
            Example: {'move': '3R', 'ply': 1}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayedMove | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
        prefer=prefer,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: MoveInput,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    prefer: str | Unset = UNSET,
) -> Response[PlayedMove | Problem]:
    """Plays a move in an active game, on your turn.

     The move and the game's new state are written in one transaction; of
    several submissions for one ply exactly one succeeds and the others get
    409. Send `ply` (or `If-Match` with the game's `ETag`) to make sure the
    move is played in the position you saw, and `Idempotency-Key` to retry
    safely.

    With `Prefer: return=minimal` the answer is compact and carries
    `Preference-Applied: return=minimal`: `{"move": {"ply", "notation"},
    "game": {"id", "status", "version", "ply", "to_move", "position",
    "scores", "legal_moves", "clock", "result"}}`, each field as in
    `PlayedMove` (no event trace, board, players or rules). Without it the
    answer is the full `PlayedMove` below. (The 201 names only `PlayedMove`,
    so that the typed clients' answer type stays one.)

    The bearer token needs the scope `play`.

    Args:
        id (str): A game id: 10 ASCII letters or digits.
        if_match (str | Unset):
        idempotency_key (str | Unset): An idempotency key: 1 to 255 visible ASCII characters (a
            UUID is a good one).
        prefer (str | Unset):
        body (MoveInput): A move: `{"move": "3R"}`, or `{"square": 3, "direction": "right"}`.
            Example: {'move': '3R', 'ply': 1}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayedMove | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
        prefer=prefer,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: MoveInput,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    prefer: str | Unset = UNSET,
) -> PlayedMove | Problem | None:
    """Plays a move in an active game, on your turn.

     The move and the game's new state are written in one transaction; of
    several submissions for one ply exactly one succeeds and the others get
    409. Send `ply` (or `If-Match` with the game's `ETag`) to make sure the
    move is played in the position you saw, and `Idempotency-Key` to retry
    safely.

    With `Prefer: return=minimal` the answer is compact and carries
    `Preference-Applied: return=minimal`: `{"move": {"ply", "notation"},
    "game": {"id", "status", "version", "ply", "to_move", "position",
    "scores", "legal_moves", "clock", "result"}}`, each field as in
    `PlayedMove` (no event trace, board, players or rules). Without it the
    answer is the full `PlayedMove` below. (The 201 names only `PlayedMove`,
    so that the typed clients' answer type stays one.)

    The bearer token needs the scope `play`.

    Args:
        id (str): A game id: 10 ASCII letters or digits.
        if_match (str | Unset):
        idempotency_key (str | Unset): An idempotency key: 1 to 255 visible ASCII characters (a
            UUID is a good one).
        prefer (str | Unset):
        body (MoveInput): A move: `{"move": "3R"}`, or `{"square": 3, "direction": "right"}`.
            Example: {'move': '3R', 'ply': 1}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayedMove | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            if_match=if_match,
            idempotency_key=idempotency_key,
            prefer=prefer,
        )
    ).parsed
