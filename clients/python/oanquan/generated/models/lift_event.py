from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LiftEvent")


@_attrs_define
class LiftEvent:
    """The mover lifts every stone of their chosen square.

    Attributes:
        square (int):
        stones (int):
        type_ (Literal['lift']):
    """

    square: int
    stones: int
    type_: Literal["lift"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        square = self.square

        stones = self.stones

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "square": square,
                "stones": stones,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        square = d.pop("square")

        stones = d.pop("stones")

        type_ = cast(Literal["lift"], d.pop("type"))
        if type_ != "lift":
            raise ValueError(f"type must match const 'lift', got '{type_}'")

        lift_event = cls(
            square=square,
            stones=stones,
            type_=type_,
        )

        lift_event.additional_properties = d
        return lift_event

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
