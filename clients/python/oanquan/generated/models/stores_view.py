from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.store_view import StoreView


T = TypeVar("T", bound="StoresView")


@_attrs_define
class StoresView:
    """
    Attributes:
        north (StoreView): A player's store: captured small stones (negative while owing borrowed
            stones) and captured mandarins.
        south (StoreView): A player's store: captured small stones (negative while owing borrowed
            stones) and captured mandarins.
    """

    north: StoreView
    south: StoreView
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        north = self.north.to_dict()

        south = self.south.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "north": north,
                "south": south,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.store_view import StoreView  # noqa: PLC0415

        d = dict(src_dict)
        north = StoreView.from_dict(d.pop("north"))

        south = StoreView.from_dict(d.pop("south"))

        stores_view = cls(
            north=north,
            south=south,
        )

        stores_view.additional_properties = d
        return stores_view

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
