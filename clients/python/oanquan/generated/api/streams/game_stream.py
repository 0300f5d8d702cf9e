from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    since: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = str(last_event_id)

    params: dict[str, Any] = {}

    params["since"] = since

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{id}/stream".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem | str]:
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
    since: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> Response[Any | Problem | str]:
    """Follows a game live.

     `text/event-stream` by default, `application/x-ndjson` when `Accept`
    asks for it (one JSON object a line, the same payloads). First a
    `snapshot` (the game view), then one event per committed change in
    commit order: `joined`, `move`, `ended`, `cancelled` (`aborted`,
    `expired` with timed games). Each SSE event's `id` is the game's
    `version` after the change; reconnect with `Last-Event-ID` (or
    `?since=`) to get every change after it from the database, then the live
    ones: none missed, none twice. An idle stream carries a heartbeat (an
    SSE comment or an empty NDJSON line) every `--stream-heartbeat-ms`
    (15 s by default); SSE starts with `retry:`. The stream ends after the
    game's final event; a resumption of a game already over with nothing to
    replay is answered 204, which tells `EventSource` to stop. When the
    server stops, the stream ends at once with a `retry:` hint. Anyone may
    open it; one opened with `Authorization: Bearer` (which must then name
    a token) ends when that token is deleted. Streams are capped per client
    IP (an IPv6 client by its /56; 429) and per server (503),
    `too_many_streams`.

    Args:
        id (str): A game id: 10 ASCII letters or digits.
        since (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | str]
    """

    kwargs = _get_kwargs(
        id=id,
        since=since,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    since: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> Any | Problem | str | None:
    """Follows a game live.

     `text/event-stream` by default, `application/x-ndjson` when `Accept`
    asks for it (one JSON object a line, the same payloads). First a
    `snapshot` (the game view), then one event per committed change in
    commit order: `joined`, `move`, `ended`, `cancelled` (`aborted`,
    `expired` with timed games). Each SSE event's `id` is the game's
    `version` after the change; reconnect with `Last-Event-ID` (or
    `?since=`) to get every change after it from the database, then the live
    ones: none missed, none twice. An idle stream carries a heartbeat (an
    SSE comment or an empty NDJSON line) every `--stream-heartbeat-ms`
    (15 s by default); SSE starts with `retry:`. The stream ends after the
    game's final event; a resumption of a game already over with nothing to
    replay is answered 204, which tells `EventSource` to stop. When the
    server stops, the stream ends at once with a `retry:` hint. Anyone may
    open it; one opened with `Authorization: Bearer` (which must then name
    a token) ends when that token is deleted. Streams are capped per client
    IP (an IPv6 client by its /56; 429) and per server (503),
    `too_many_streams`.

    Args:
        id (str): A game id: 10 ASCII letters or digits.
        since (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | str
    """

    return sync_detailed(
        id=id,
        client=client,
        since=since,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    since: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> Response[Any | Problem | str]:
    """Follows a game live.

     `text/event-stream` by default, `application/x-ndjson` when `Accept`
    asks for it (one JSON object a line, the same payloads). First a
    `snapshot` (the game view), then one event per committed change in
    commit order: `joined`, `move`, `ended`, `cancelled` (`aborted`,
    `expired` with timed games). Each SSE event's `id` is the game's
    `version` after the change; reconnect with `Last-Event-ID` (or
    `?since=`) to get every change after it from the database, then the live
    ones: none missed, none twice. An idle stream carries a heartbeat (an
    SSE comment or an empty NDJSON line) every `--stream-heartbeat-ms`
    (15 s by default); SSE starts with `retry:`. The stream ends after the
    game's final event; a resumption of a game already over with nothing to
    replay is answered 204, which tells `EventSource` to stop. When the
    server stops, the stream ends at once with a `retry:` hint. Anyone may
    open it; one opened with `Authorization: Bearer` (which must then name
    a token) ends when that token is deleted. Streams are capped per client
    IP (an IPv6 client by its /56; 429) and per server (503),
    `too_many_streams`.

    Args:
        id (str): A game id: 10 ASCII letters or digits.
        since (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | str]
    """

    kwargs = _get_kwargs(
        id=id,
        since=since,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    since: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> Any | Problem | str | None:
    """Follows a game live.

     `text/event-stream` by default, `application/x-ndjson` when `Accept`
    asks for it (one JSON object a line, the same payloads). First a
    `snapshot` (the game view), then one event per committed change in
    commit order: `joined`, `move`, `ended`, `cancelled` (`aborted`,
    `expired` with timed games). Each SSE event's `id` is the game's
    `version` after the change; reconnect with `Last-Event-ID` (or
    `?since=`) to get every change after it from the database, then the live
    ones: none missed, none twice. An idle stream carries a heartbeat (an
    SSE comment or an empty NDJSON line) every `--stream-heartbeat-ms`
    (15 s by default); SSE starts with `retry:`. The stream ends after the
    game's final event; a resumption of a game already over with nothing to
    replay is answered 204, which tells `EventSource` to stop. When the
    server stops, the stream ends at once with a `retry:` hint. Anyone may
    open it; one opened with `Authorization: Bearer` (which must then name
    a token) ends when that token is deleted. Streams are capped per client
    IP (an IPv6 client by its /56; 429) and per server (503),
    `too_many_streams`.

    Args:
        id (str): A game id: 10 ASCII letters or digits.
        since (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | str
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            since=since,
            last_event_id=last_event_id,
        )
    ).parsed
