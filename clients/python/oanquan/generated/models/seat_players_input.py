from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.player_name_input import PlayerNameInput


T = TypeVar("T", bound="SeatPlayersInput")


@_attrs_define
class SeatPlayersInput:
    """The seats of a record to import; `null` for a seat it does not name.

    Attributes:
        north (None | PlayerNameInput | Unset):
        south (None | PlayerNameInput | Unset):
    """

    north: None | PlayerNameInput | Unset = UNSET
    south: None | PlayerNameInput | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.player_name_input import PlayerNameInput  # noqa: PLC0415

        north: dict[str, Any] | None | Unset
        if isinstance(self.north, Unset):
            north = UNSET
        elif isinstance(self.north, PlayerNameInput):
            north = self.north.to_dict()
        else:
            north = self.north

        south: dict[str, Any] | None | Unset
        if isinstance(self.south, Unset):
            south = UNSET
        elif isinstance(self.south, PlayerNameInput):
            south = self.south.to_dict()
        else:
            south = self.south

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if north is not UNSET:
            field_dict["north"] = north
        if south is not UNSET:
            field_dict["south"] = south

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_name_input import PlayerNameInput  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_north(data: object) -> None | PlayerNameInput | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                north_type_1 = PlayerNameInput.from_dict(data)

                return north_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayerNameInput | Unset, data)

        north = _parse_north(d.pop("north", UNSET))

        def _parse_south(data: object) -> None | PlayerNameInput | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                south_type_1 = PlayerNameInput.from_dict(data)

                return south_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayerNameInput | Unset, data)

        south = _parse_south(d.pop("south", UNSET))

        seat_players_input = cls(
            north=north,
            south=south,
        )

        return seat_players_input
