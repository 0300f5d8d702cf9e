from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_name import SeatName

T = TypeVar("T", bound="ForfeitEvent")


@_attrs_define
class ForfeitEvent:
    """The next mover could not refill and forfeits (`refill_shortfall = forfeit`).

    Attributes:
        seat (SeatName): A seat, as the API spells it.
        store (int):
        type_ (Literal['forfeit']):
    """

    seat: SeatName
    store: int
    type_: Literal["forfeit"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat.value

        store = self.store

        type_ = self.type_

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

        type_ = cast(Literal["forfeit"], d.pop("type"))
        if type_ != "forfeit":
            raise ValueError(f"type must match const 'forfeit', got '{type_}'")

        forfeit_event = cls(
            seat=seat,
            store=store,
            type_=type_,
        )

        forfeit_event.additional_properties = d
        return forfeit_event

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
