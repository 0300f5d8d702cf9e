from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WebhookView")


@_attrs_define
class WebhookView:
    """A webhook endpoint, without its secret.

    Attributes:
        created_at (datetime.datetime):
        description (str):
        disabled_reason (None | str): Why the server disabled it (deliveries failing for days); `null`
            when enabled, or paused by its owner.
        enabled (bool):
        events (list[str]):
        id (str): `ep_` and 22 letters and digits.
        updated_at (datetime.datetime):
        url (str):
    """

    created_at: datetime.datetime
    description: str
    disabled_reason: None | str
    enabled: bool
    events: list[str]
    id: str
    updated_at: datetime.datetime
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        description = self.description

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        enabled = self.enabled

        events = self.events

        id = self.id

        updated_at = self.updated_at.isoformat()

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "description": description,
                "disabled_reason": disabled_reason,
                "enabled": enabled,
                "events": events,
                "id": id,
                "updated_at": updated_at,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        description = d.pop("description")

        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason"))

        enabled = d.pop("enabled")

        events = cast(list[str], d.pop("events"))

        id = d.pop("id")

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        url = d.pop("url")

        webhook_view = cls(
            created_at=created_at,
            description=description,
            disabled_reason=disabled_reason,
            enabled=enabled,
            events=events,
            id=id,
            updated_at=updated_at,
            url=url,
        )

        webhook_view.additional_properties = d
        return webhook_view

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
