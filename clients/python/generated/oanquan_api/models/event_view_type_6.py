from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_view_type_6_type import EventViewType6Type
from ..models.seat_name import SeatName

T = TypeVar("T", bound="EventViewType6")


@_attrs_define
class EventViewType6:
    """The next mover could not refill and forfeits (`refill_shortfall = forfeit`).

    Attributes:
        seat (SeatName): A seat, as the API spells it.
        store (int):
        type_ (EventViewType6Type):
    """

    seat: SeatName
    store: int
    type_: EventViewType6Type
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat.value

        store = self.store

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "store": store,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = SeatName(d.pop("seat"))

        store = d.pop("store")

        type_ = EventViewType6Type(d.pop("type"))

        event_view_type_6 = cls(
            seat=seat,
            store=store,
            type_=type_,
        )

        event_view_type_6.additional_properties = d
        return event_view_type_6

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
