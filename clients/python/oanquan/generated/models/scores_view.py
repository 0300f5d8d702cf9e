from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ScoresView")


@_attrs_define
class ScoresView:
    """Scores per seat: store small stones + `mandarin_value` × mandarins.

    Attributes:
        north (int):
        south (int):
    """

    north: int
    south: int

    def to_dict(self) -> dict[str, Any]:
        north = self.north

        south = self.south

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "north": north,
                "south": south,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        north = d.pop("north")

        south = d.pop("south")

        scores_view = cls(
            north=north,
            south=south,
        )

        return scores_view
