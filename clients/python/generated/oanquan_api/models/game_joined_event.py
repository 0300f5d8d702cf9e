from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_name import SeatName
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.game_joined_event_clock_type_0 import GameJoinedEventClockType0
    from ..models.player_summary import PlayerSummary


T = TypeVar("T", bound="GameJoinedEvent")


@_attrs_define
class GameJoinedEvent:
    """The second seat was taken: the game is active.

    Attributes:
        player (PlayerSummary):
        seat (SeatName): A seat, as the API spells it.
        status (str):  Example: active.
        version (int):
        clock (GameJoinedEventClockType0 | None | Unset): The clock after it (`null` for an unlimited game).
        started_at (datetime.datetime | None | Unset):
    """

    player: PlayerSummary
    seat: SeatName
    status: str
    version: int
    clock: GameJoinedEventClockType0 | None | Unset = UNSET
    started_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.game_joined_event_clock_type_0 import GameJoinedEventClockType0  # noqa: PLC0415

        player = self.player.to_dict()

        seat = self.seat.value

        status = self.status

        version = self.version

        clock: dict[str, Any] | None | Unset
        if isinstance(self.clock, Unset):
            clock = UNSET
        elif isinstance(self.clock, GameJoinedEventClockType0):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        started_at: None | str | Unset
        if isinstance(self.started_at, Unset):
            started_at = UNSET
        elif isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "player": player,
                "seat": seat,
                "status": status,
                "version": version,
            }
        )
        if clock is not UNSET:
            field_dict["clock"] = clock
        if started_at is not UNSET:
            field_dict["started_at"] = started_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_joined_event_clock_type_0 import GameJoinedEventClockType0  # noqa: PLC0415
        from ..models.player_summary import PlayerSummary  # noqa: PLC0415

        d = dict(src_dict)
        player = PlayerSummary.from_dict(d.pop("player"))

        seat = SeatName(d.pop("seat"))

        status = d.pop("status")

        version = d.pop("version")

        def _parse_clock(data: object) -> GameJoinedEventClockType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_0 = GameJoinedEventClockType0.from_dict(data)

                return clock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GameJoinedEventClockType0 | None | Unset, data)

        clock = _parse_clock(d.pop("clock", UNSET))

        def _parse_started_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        started_at = _parse_started_at(d.pop("started_at", UNSET))

        game_joined_event = cls(
            player=player,
            seat=seat,
            status=status,
            version=version,
            clock=clock,
            started_at=started_at,
        )

        game_joined_event.additional_properties = d
        return game_joined_event

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
