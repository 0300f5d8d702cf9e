from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="NewWebhook")


@_attrs_define
class NewWebhook:
    """`POST /v1/me/webhooks`.

    Attributes:
        events (list[str]): The events to send: any of `game.started`, `game.move`,
            `game.ended`, `game.aborted`, `challenge.created`. Example: ['game.started', 'game.move', 'game.ended'].
        url (str): Where deliveries are POSTed: an `http` or `https` URL whose host is a
            public address (or a name resolving only to public addresses). Example: https://bots.example.com/oanquan/hook.
        description (None | str | Unset): What the endpoint is for, up to 200 characters.
    """

    events: list[str]
    url: str
    description: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        events = self.events

        url = self.url

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
                "url": url,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        events = cast(list[str], d.pop("events"))

        url = d.pop("url")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        new_webhook = cls(
            events=events,
            url=url,
            description=description,
        )

        return new_webhook
