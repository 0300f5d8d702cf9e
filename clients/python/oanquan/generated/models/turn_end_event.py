from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.turn_end_reason import TurnEndReason

T = TypeVar("T", bound="TurnEndEvent")


@_attrs_define
class TurnEndEvent:
    """The move is over; `square` is the square that ended it.

    Attributes:
        reason (TurnEndReason): Why a move stopped (RULES.md §3.4–3.5).
        square (int):
        type_ (Literal['turn_end']):
    """

    reason: TurnEndReason
    square: int
    type_: Literal["turn_end"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason.value

        square = self.square

        type_ = self.type_

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
        reason = TurnEndReason(d.pop("reason"))

        square = d.pop("square")

        type_ = cast(Literal["turn_end"], d.pop("type"))
        if type_ != "turn_end":
            raise ValueError(f"type must match const 'turn_end', got '{type_}'")

        turn_end_event = cls(
            reason=reason,
            square=square,
            type_=type_,
        )

        turn_end_event.additional_properties = d
        return turn_end_event

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
