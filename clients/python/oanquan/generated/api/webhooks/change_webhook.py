from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.webhook_change import WebhookChange
from ...models.webhook_view import WebhookView
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: WebhookChange,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/me/webhooks/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | WebhookView | None:
    if response.status_code == 200:
        response_200 = WebhookView.from_dict(response.json())

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

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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
) -> Response[Problem | WebhookView]:
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
    body: WebhookChange,
) -> Response[Problem | WebhookView]:
    """Change a webhook endpoint

     Changes its URL, events or description, or enables (`enabled: true`,
    also after the server disabled it) or pauses it (`enabled: false`: its
    deliveries wait, and are retried once it is enabled again within their
    24 hours).

    The bearer token needs the scope `webhooks`.

    Args:
        id (str):
        body (WebhookChange): `PATCH /v1/me/webhooks/{id}`: the fields to change.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookView]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: WebhookChange,
) -> Problem | WebhookView | None:
    """Change a webhook endpoint

     Changes its URL, events or description, or enables (`enabled: true`,
    also after the server disabled it) or pauses it (`enabled: false`: its
    deliveries wait, and are retried once it is enabled again within their
    24 hours).

    The bearer token needs the scope `webhooks`.

    Args:
        id (str):
        body (WebhookChange): `PATCH /v1/me/webhooks/{id}`: the fields to change.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookView
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: WebhookChange,
) -> Response[Problem | WebhookView]:
    """Change a webhook endpoint

     Changes its URL, events or description, or enables (`enabled: true`,
    also after the server disabled it) or pauses it (`enabled: false`: its
    deliveries wait, and are retried once it is enabled again within their
    24 hours).

    The bearer token needs the scope `webhooks`.

    Args:
        id (str):
        body (WebhookChange): `PATCH /v1/me/webhooks/{id}`: the fields to change.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookView]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: WebhookChange,
) -> Problem | WebhookView | None:
    """Change a webhook endpoint

     Changes its URL, events or description, or enables (`enabled: true`,
    also after the server disabled it) or pauses it (`enabled: false`: its
    deliveries wait, and are retried once it is enabled again within their
    24 hours).

    The bearer token needs the scope `webhooks`.

    Args:
        id (str):
        body (WebhookChange): `PATCH /v1/me/webhooks/{id}`: the fields to change.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookView
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
