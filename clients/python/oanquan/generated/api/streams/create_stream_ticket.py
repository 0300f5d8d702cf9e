from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.stream_ticket_view import StreamTicketView
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/me/stream-tickets",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | StreamTicketView | None:
    if response.status_code == 201:
        response_201 = StreamTicketView.from_dict(response.json())

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
) -> Response[Problem | StreamTicketView]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Problem | StreamTicketView]:
    """Issues a stream ticket.

     For clients that cannot send `Authorization` with a stream request (a
    browser's `EventSource`): the ticket opens `GET /v1/me/stream?ticket=…`
    once, within `--stream-ticket-ttl-s` (60 s by default), on any node. The
    server stores only its SHA-256; a used, expired or unknown ticket, or
    one whose token was deleted since, is refused with 401 `invalid_ticket`. Ask for a new one for each
    (re)connection.

    The bearer token needs the scope `read`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamTicketView]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> Problem | StreamTicketView | None:
    """Issues a stream ticket.

     For clients that cannot send `Authorization` with a stream request (a
    browser's `EventSource`): the ticket opens `GET /v1/me/stream?ticket=…`
    once, within `--stream-ticket-ttl-s` (60 s by default), on any node. The
    server stores only its SHA-256; a used, expired or unknown ticket, or
    one whose token was deleted since, is refused with 401 `invalid_ticket`. Ask for a new one for each
    (re)connection.

    The bearer token needs the scope `read`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamTicketView
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Problem | StreamTicketView]:
    """Issues a stream ticket.

     For clients that cannot send `Authorization` with a stream request (a
    browser's `EventSource`): the ticket opens `GET /v1/me/stream?ticket=…`
    once, within `--stream-ticket-ttl-s` (60 s by default), on any node. The
    server stores only its SHA-256; a used, expired or unknown ticket, or
    one whose token was deleted since, is refused with 401 `invalid_ticket`. Ask for a new one for each
    (re)connection.

    The bearer token needs the scope `read`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamTicketView]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> Problem | StreamTicketView | None:
    """Issues a stream ticket.

     For clients that cannot send `Authorization` with a stream request (a
    browser's `EventSource`): the ticket opens `GET /v1/me/stream?ticket=…`
    once, within `--stream-ticket-ttl-s` (60 s by default), on any node. The
    server stores only its SHA-256; a used, expired or unknown ticket, or
    one whose token was deleted since, is refused with 401 `invalid_ticket`. Ask for a new one for each
    (re)connection.

    The bearer token needs the scope `read`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamTicketView
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
