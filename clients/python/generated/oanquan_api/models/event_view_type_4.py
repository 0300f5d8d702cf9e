from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_view_type_4_type import EventViewType4Type

T = TypeVar("T", bound="EventViewType4")


@_attrs_define
class EventViewType4:
    """The move is over. `reason` is one of `mandarin_square_ahead`,
    `two_empty_squares`, `chain_ended`, `first_move_mandarin_ban`,
    `young_mandarin`, `relay_cycle`; `square` is the square that ended it.

        Attributes:
            reason (str):
            square (int):
            type_ (EventViewType4Type):
    """

    reason: str
    square: int
    type_: EventViewType4Type
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        square = self.square

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reason": reason,
                "square": square,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = d.pop("reason")

        square = d.pop("square")

        type_ = EventViewType4Type(d.pop("type"))

        event_view_type_4 = cls(
            reason=reason,
            square=square,
            type_=type_,
        )

        event_view_type_4.additional_properties = d
        return event_view_type_4

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
