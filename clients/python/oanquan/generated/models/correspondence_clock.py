from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CorrespondenceClock")


@_attrs_define
class CorrespondenceClock:
    """Correspondence: each move within `days_per_move` days.

    Attributes:
        days_per_move (int):  Example: 2.
    """

    days_per_move: int

    def to_dict(self) -> dict[str, Any]:
        days_per_move = self.days_per_move

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "days_per_move": days_per_move,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        days_per_move = d.pop("days_per_move")

        correspondence_clock = cls(
            days_per_move=days_per_move,
        )

        return correspondence_clock
