from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.player_summary import PlayerSummary


T = TypeVar("T", bound="SeatPlayers")


@_attrs_define
class SeatPlayers:
    """Who sits where; `null` for an open seat.

    Attributes:
        north (None | PlayerSummary):
        south (None | PlayerSummary):
    """

    north: None | PlayerSummary
    south: None | PlayerSummary
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.player_summary import PlayerSummary  # noqa: PLC0415

        north: dict[str, Any] | None
        if isinstance(self.north, PlayerSummary):
            north = self.north.to_dict()
        else:
            north = self.north

        south: dict[str, Any] | None
        if isinstance(self.south, PlayerSummary):
            south = self.south.to_dict()
        else:
            south = self.south

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
        from ..models.player_summary import PlayerSummary  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_north(data: object) -> None | PlayerSummary:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                north_type_1 = PlayerSummary.from_dict(data)

                return north_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayerSummary, data)

        north = _parse_north(d.pop("north"))

        def _parse_south(data: object) -> None | PlayerSummary:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                south_type_1 = PlayerSummary.from_dict(data)

                return south_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayerSummary, data)

        south = _parse_south(d.pop("south"))

        seat_players = cls(
            north=north,
            south=south,
        )

        seat_players.additional_properties = d
        return seat_players

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
