from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_name import SeatName

T = TypeVar("T", bound="OffersView")


@_attrs_define
class OffersView:
    """The seat whose offer stands, for each kind; `null`: none.

    Attributes:
        rematch (None | SeatName):
        takeback (None | SeatName):
    """

    rematch: None | SeatName
    takeback: None | SeatName
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rematch: None | str
        if isinstance(self.rematch, SeatName):
            rematch = self.rematch.value
        else:
            rematch = self.rematch

        takeback: None | str
        if isinstance(self.takeback, SeatName):
            takeback = self.takeback.value
        else:
            takeback = self.takeback

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rematch": rematch,
                "takeback": takeback,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_rematch(data: object) -> None | SeatName:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rematch_type_1 = SeatName(data)

                return rematch_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatName, data)

        rematch = _parse_rematch(d.pop("rematch"))

        def _parse_takeback(data: object) -> None | SeatName:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                takeback_type_1 = SeatName(data)

                return takeback_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatName, data)

        takeback = _parse_takeback(d.pop("takeback"))

        offers_view = cls(
            rematch=rematch,
            takeback=takeback,
        )

        offers_view.additional_properties = d
        return offers_view

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
