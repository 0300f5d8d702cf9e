from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.new_webhook import NewWebhook
from ...models.problem import Problem
from ...models.webhook_with_secret import WebhookWithSecret
from ...types import Response


def _get_kwargs(
    *,
    body: NewWebhook,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/me/webhooks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | WebhookWithSecret | None:
    if response.status_code == 201:
        response_201 = WebhookWithSecret.from_dict(response.json())

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
) -> Response[Problem | WebhookWithSecret]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: NewWebhook,
) -> Response[Problem | WebhookWithSecret]:
    """Create a webhook endpoint

     Registers a URL to which the events of your games are POSTed, signed
    as Standard Webhooks (standardwebhooks.com). The signing secret is
    shown only in this answer (and on rotation). At most 10 endpoints per
    player (`--max-webhooks-per-player`). Targets on loopback, private,
    link-local, multicast or unspecified addresses are refused unless the
    server runs with `--webhook-allow-private-targets`.

    The bearer token needs the scope `webhooks`.

    Args:
        body (NewWebhook): `POST /v1/me/webhooks`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookWithSecret]
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
    body: NewWebhook,
) -> Problem | WebhookWithSecret | None:
    """Create a webhook endpoint

     Registers a URL to which the events of your games are POSTed, signed
    as Standard Webhooks (standardwebhooks.com). The signing secret is
    shown only in this answer (and on rotation). At most 10 endpoints per
    player (`--max-webhooks-per-player`). Targets on loopback, private,
    link-local, multicast or unspecified addresses are refused unless the
    server runs with `--webhook-allow-private-targets`.

    The bearer token needs the scope `webhooks`.

    Args:
        body (NewWebhook): `POST /v1/me/webhooks`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookWithSecret
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NewWebhook,
) -> Response[Problem | WebhookWithSecret]:
    """Create a webhook endpoint

     Registers a URL to which the events of your games are POSTed, signed
    as Standard Webhooks (standardwebhooks.com). The signing secret is
    shown only in this answer (and on rotation). At most 10 endpoints per
    player (`--max-webhooks-per-player`). Targets on loopback, private,
    link-local, multicast or unspecified addresses are refused unless the
    server runs with `--webhook-allow-private-targets`.

    The bearer token needs the scope `webhooks`.

    Args:
        body (NewWebhook): `POST /v1/me/webhooks`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookWithSecret]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: NewWebhook,
) -> Problem | WebhookWithSecret | None:
    """Create a webhook endpoint

     Registers a URL to which the events of your games are POSTed, signed
    as Standard Webhooks (standardwebhooks.com). The signing secret is
    shown only in this answer (and on rotation). At most 10 endpoints per
    player (`--max-webhooks-per-player`). Targets on loopback, private,
    link-local, multicast or unspecified addresses are refused unless the
    server runs with `--webhook-allow-private-targets`.

    The bearer token needs the scope `webhooks`.

    Args:
        body (NewWebhook): `POST /v1/me/webhooks`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookWithSecret
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
