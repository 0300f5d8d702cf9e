from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_name import SeatName

T = TypeVar("T", bound="BoardSquare")


@_attrs_define
class BoardSquare:
    """One square of the ring.

    Example:
        {'mandarin': True, 'owner': None, 'square': 0, 'stones': 1}

    Attributes:
        mandarin (bool): Whether the square still holds its mandarin (only squares 0 and 6).
        owner (None | SeatName):
        square (int): Ring index 0..=11: 0 and 6 are the mandarin squares, 1..=5 South's, 7..=11 North's.
        stones (int): Small stones on the square.
    """

    mandarin: bool
    owner: None | SeatName
    square: int
    stones: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mandarin = self.mandarin

        owner: None | str
        if isinstance(self.owner, SeatName):
            owner = self.owner.value
        else:
            owner = self.owner

        square = self.square

        stones = self.stones

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "mandarin": mandarin,
                "owner": owner,
                "square": square,
                "stones": stones,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mandarin = d.pop("mandarin")

        def _parse_owner(data: object) -> None | SeatName:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                owner_type_1 = SeatName(data)

                return owner_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatName, data)

        owner = _parse_owner(d.pop("owner"))

        square = d.pop("square")

        stones = d.pop("stones")

        board_square = cls(
            mandarin=mandarin,
            owner=owner,
            square=square,
            stones=stones,
        )

        board_square.additional_properties = d
        return board_square

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
