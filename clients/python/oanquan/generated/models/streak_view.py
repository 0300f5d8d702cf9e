from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.result_name import ResultName

T = TypeVar("T", bound="StreakView")


@_attrs_define
class StreakView:
    """The run of equal results that ends with the player's last rated game of
    the preset: e.g. `{"kind": "win", "length": 3}` after three wins in a row.

        Example:
            {'kind': 'win', 'length': 3}

        Attributes:
            kind (ResultName): `win`, `draw` or `loss`, from the player's side.
            length (int):
    """

    kind: ResultName
    length: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        length = self.length

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "length": length,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = ResultName(d.pop("kind"))

        length = d.pop("length")

        streak_view = cls(
            kind=kind,
            length=length,
        )

        streak_view.additional_properties = d
        return streak_view

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
