from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TournamentClock")


@_attrs_define
class TournamentClock:
    """A tournament's clock: Fischer, for every game.

    Attributes:
        increment_s (int): 0 to 3600.
        initial_s (int): 1 to 86400.
    """

    increment_s: int
    initial_s: int

    def to_dict(self) -> dict[str, Any]:
        increment_s = self.increment_s

        initial_s = self.initial_s

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "increment_s": increment_s,
                "initial_s": initial_s,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        increment_s = d.pop("increment_s")

        initial_s = d.pop("initial_s")

        tournament_clock = cls(
            increment_s=increment_s,
            initial_s=initial_s,
        )

        return tournament_clock
