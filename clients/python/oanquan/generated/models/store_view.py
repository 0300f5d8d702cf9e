from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="StoreView")


@_attrs_define
class StoreView:
    """A player's store: captured small stones (negative while owing borrowed
    stones) and captured mandarins.

        Attributes:
            mandarins (int):
            small (int):
    """

    mandarins: int
    small: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mandarins = self.mandarins

        small = self.small

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "mandarins": mandarins,
                "small": small,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mandarins = d.pop("mandarins")

        small = d.pop("small")

        store_view = cls(
            mandarins=mandarins,
            small=small,
        )

        store_view.additional_properties = d
        return store_view

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
