from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ping_data import PingData


T = TypeVar("T", bound="PingWebhook")


@_attrs_define
class PingWebhook:
    """The body of a `ping` delivery (Standard Webhooks).

    Attributes:
        data (PingData): `ping`: sent on `POST /v1/me/webhooks/{id}/ping`.
        timestamp (datetime.datetime): When the event happened.
        type_ (Literal['ping']):
    """

    data: PingData
    timestamp: datetime.datetime
    type_: Literal["ping"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        timestamp = self.timestamp.isoformat()

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "timestamp": timestamp,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ping_data import PingData  # noqa: PLC0415

        d = dict(src_dict)
        data = PingData.from_dict(d.pop("data"))

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        type_ = cast(Literal["ping"], d.pop("type"))
        if type_ != "ping":
            raise ValueError(f"type must match const 'ping', got '{type_}'")

        ping_webhook = cls(
            data=data,
            timestamp=timestamp,
            type_=type_,
        )

        ping_webhook.additional_properties = d
        return ping_webhook

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
