from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="StreamTicketView")


@_attrs_define
class StreamTicketView:
    """A ticket for one `GET /v1/me/stream?ticket=…`.

    Example:
        {'expires_at': '2025-01-31T08:31:00.123456Z', 'ticket': 'oq_st_Q2x5EXAMPLEticketEXAMPLEticketEXAMPLEtick'}

    Attributes:
        expires_at (datetime.datetime):
        ticket (str): Opens one stream, once, until `expires_at`. Masked in the server's logs.
    """

    expires_at: datetime.datetime
    ticket: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        expires_at = self.expires_at.isoformat()

        ticket = self.ticket

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "expires_at": expires_at,
                "ticket": ticket,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        ticket = d.pop("ticket")

        stream_ticket_view = cls(
            expires_at=expires_at,
            ticket=ticket,
        )

        stream_ticket_view.additional_properties = d
        return stream_ticket_view

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
