from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DisabledWebhook")


@_attrs_define
class DisabledWebhook:
    """The endpoint disabled.

    Attributes:
        disabled_at (datetime.datetime): When.
        disabled_reason (str): Why it was disabled.
        id (str):  Example: ep_V1StGXR8Z5jdHi6BmyTQx2.
        url (str):
    """

    disabled_at: datetime.datetime
    disabled_reason: str
    id: str
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        disabled_at = self.disabled_at.isoformat()

        disabled_reason = self.disabled_reason

        id = self.id

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "disabled_at": disabled_at,
                "disabled_reason": disabled_reason,
                "id": id,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        disabled_at = datetime.datetime.fromisoformat(d.pop("disabled_at"))

        disabled_reason = d.pop("disabled_reason")

        id = d.pop("id")

        url = d.pop("url")

        disabled_webhook = cls(
            disabled_at=disabled_at,
            disabled_reason=disabled_reason,
            id=id,
            url=url,
        )

        disabled_webhook.additional_properties = d
        return disabled_webhook

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
