from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.delivery_view import DeliveryView


T = TypeVar("T", bound="DeliveryPage")


@_attrs_define
class DeliveryPage:
    """A page of an endpoint's deliveries, newest first.

    Attributes:
        deliveries (list[DeliveryView]):
        next_after (None | str): The `after` of the next page; `null` on the last.
    """

    deliveries: list[DeliveryView]
    next_after: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        deliveries = []
        for deliveries_item_data in self.deliveries:
            deliveries_item = deliveries_item_data.to_dict()
            deliveries.append(deliveries_item)

        next_after: None | str
        next_after = self.next_after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deliveries": deliveries,
                "next_after": next_after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.delivery_view import DeliveryView  # noqa: PLC0415

        d = dict(src_dict)
        deliveries = []
        _deliveries = d.pop("deliveries")
        for deliveries_item_data in _deliveries:
            deliveries_item = DeliveryView.from_dict(deliveries_item_data)

            deliveries.append(deliveries_item)

        def _parse_next_after(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_after = _parse_next_after(d.pop("next_after"))

        delivery_page = cls(
            deliveries=deliveries,
            next_after=next_after,
        )

        delivery_page.additional_properties = d
        return delivery_page

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
