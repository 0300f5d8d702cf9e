from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TiebreaksView")


@_attrs_define
class TiebreaksView:
    """The tiebreaks of a standings line.

    Attributes:
        buchholz (float): The sum of the points of the opponents met over the board (in an
            arena, their arena points, once per game played).
        direct_encounter (float): The points scored against the players with as many points (0 in an
            arena).
        sonneborn_berger (float): The sum of the points of the opponents beaten, and half the points
            of those drawn (0 in an arena).
    """

    buchholz: float
    direct_encounter: float
    sonneborn_berger: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        buchholz = self.buchholz

        direct_encounter = self.direct_encounter

        sonneborn_berger = self.sonneborn_berger

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "buchholz": buchholz,
                "direct_encounter": direct_encounter,
                "sonneborn_berger": sonneborn_berger,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        buchholz = d.pop("buchholz")

        direct_encounter = d.pop("direct_encounter")

        sonneborn_berger = d.pop("sonneborn_berger")

        tiebreaks_view = cls(
            buchholz=buchholz,
            direct_encounter=direct_encounter,
            sonneborn_berger=sonneborn_berger,
        )

        tiebreaks_view.additional_properties = d
        return tiebreaks_view

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
