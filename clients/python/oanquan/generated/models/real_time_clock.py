from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RealTimeClock")


@_attrs_define
class RealTimeClock:
    """Real time: `initial_s` each, `increment_s` more after every move (Fischer).

    Attributes:
        initial_s (int):  Example: 300.
        increment_s (int | Unset):  Example: 3.
    """

    initial_s: int
    increment_s: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        initial_s = self.initial_s

        increment_s = self.increment_s

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "initial_s": initial_s,
            }
        )
        if increment_s is not UNSET:
            field_dict["increment_s"] = increment_s

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        initial_s = d.pop("initial_s")

        increment_s = d.pop("increment_s", UNSET)

        real_time_clock = cls(
            initial_s=initial_s,
            increment_s=increment_s,
        )

        return real_time_clock
