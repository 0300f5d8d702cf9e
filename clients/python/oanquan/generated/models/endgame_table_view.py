from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EndgameTableView")


@_attrs_define
class EndgameTableView:
    """
    Attributes:
        build_ms (int): How long the table took to build, in milliseconds (when it was
            built, for a table read from a file).
        bytes_ (int): Memory the table takes: two bytes per entry.
        exact (int): Of those, the positions with an exact value.
        exact_fraction (float): `exact / positions`.
        max_depth (int): The longest proof among the exact values, in plies: a position's
            own proof length is how many moves must be left before `max_plies`
            for its value to hold.
        origin (str): `file` (read from the endgame directory) or `built` (in memory at
            first use). Example: built.
        passes (int): Retrograde passes until the values stopped changing.
        positions (int): Legal positions with South to move (a North position is the same
            as its mirror with South to move).
        preset (str): The preset's rules, with any `max_plies`. Example: classic.
        stones (int): Every board of at most this many small stones, each combination of
            mandarins still on the board, either side to move.
    """

    build_ms: int
    bytes_: int
    exact: int
    exact_fraction: float
    max_depth: int
    origin: str
    passes: int
    positions: int
    preset: str
    stones: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        build_ms = self.build_ms

        bytes_ = self.bytes_

        exact = self.exact

        exact_fraction = self.exact_fraction

        max_depth = self.max_depth

        origin = self.origin

        passes = self.passes

        positions = self.positions

        preset = self.preset

        stones = self.stones

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "build_ms": build_ms,
                "bytes": bytes_,
                "exact": exact,
                "exact_fraction": exact_fraction,
                "max_depth": max_depth,
                "origin": origin,
                "passes": passes,
                "positions": positions,
                "preset": preset,
                "stones": stones,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        build_ms = d.pop("build_ms")

        bytes_ = d.pop("bytes")

        exact = d.pop("exact")

        exact_fraction = d.pop("exact_fraction")

        max_depth = d.pop("max_depth")

        origin = d.pop("origin")

        passes = d.pop("passes")

        positions = d.pop("positions")

        preset = d.pop("preset")

        stones = d.pop("stones")

        endgame_table_view = cls(
            build_ms=build_ms,
            bytes_=bytes_,
            exact=exact,
            exact_fraction=exact_fraction,
            max_depth=max_depth,
            origin=origin,
            passes=passes,
            positions=positions,
            preset=preset,
            stones=stones,
        )

        endgame_table_view.additional_properties = d
        return endgame_table_view

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
