from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.disabled_webhook import DisabledWebhook


T = TypeVar("T", bound="MeWebhookDisabledEvent")


@_attrs_define
class MeWebhookDisabledEvent:
    """One of your webhook endpoints was disabled: every delivery to it failed
    for `--webhook-disable-after-hours`. Told as it happens (not replayed
    on reconnection); `PATCH /v1/me/webhooks/{id}` with `enabled: true`
    turns it back on.

        Attributes:
            cursor (str): Where the stream resumes after this message: send it back as
                `Last-Event-ID` (or `?since=`). Also the SSE `id`. Example: 1738312200123456.
            type_ (Literal['webhook_disabled']):
            webhook (DisabledWebhook): The endpoint disabled.
    """

    cursor: str
    type_: Literal["webhook_disabled"]
    webhook: DisabledWebhook
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cursor = self.cursor

        type_ = self.type_

        webhook = self.webhook.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cursor": cursor,
                "type": type_,
                "webhook": webhook,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.disabled_webhook import DisabledWebhook  # noqa: PLC0415

        d = dict(src_dict)
        cursor = d.pop("cursor")

        type_ = cast(Literal["webhook_disabled"], d.pop("type"))
        if type_ != "webhook_disabled":
            raise ValueError(f"type must match const 'webhook_disabled', got '{type_}'")

        webhook = DisabledWebhook.from_dict(d.pop("webhook"))

        me_webhook_disabled_event = cls(
            cursor=cursor,
            type_=type_,
            webhook=webhook,
        )

        me_webhook_disabled_event.additional_properties = d
        return me_webhook_disabled_event

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
