from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_name import SeatName

T = TypeVar("T", bound="RefillEvent")


@_attrs_define
class RefillEvent:
    """The next mover's row was empty: one stone from their store onto each
    of their five squares; `borrowed` of them are owed.

        Attributes:
            borrowed (int):
            seat (SeatName): A seat, as the API spells it.
            stones (int):
            type_ (Literal['refill']):
    """

    borrowed: int
    seat: SeatName
    stones: int
    type_: Literal["refill"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        borrowed = self.borrowed

        seat = self.seat.value

        stones = self.stones

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "borrowed": borrowed,
                "seat": seat,
                "stones": stones,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        borrowed = d.pop("borrowed")

        seat = SeatName(d.pop("seat"))

        stones = d.pop("stones")

        type_ = cast(Literal["refill"], d.pop("type"))
        if type_ != "refill":
            raise ValueError(f"type must match const 'refill', got '{type_}'")

        refill_event = cls(
            borrowed=borrowed,
            seat=seat,
            stones=stones,
            type_=type_,
        )

        refill_event.additional_properties = d
        return refill_event

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
