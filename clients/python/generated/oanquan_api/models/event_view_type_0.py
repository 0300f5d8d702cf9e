from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_view_type_0_type import EventViewType0Type

T = TypeVar("T", bound="EventViewType0")


@_attrs_define
class EventViewType0:
    """The mover lifts every stone of their chosen square.

    Attributes:
        square (int):
        stones (int):
        type_ (EventViewType0Type):
    """

    square: int
    stones: int
    type_: EventViewType0Type
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        square = self.square

        stones = self.stones

        type_ = self.type_.value

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

        type_ = EventViewType0Type(d.pop("type"))

        event_view_type_0 = cls(
            square=square,
            stones=stones,
            type_=type_,
        )

        event_view_type_0.additional_properties = d
        return event_view_type_0

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
