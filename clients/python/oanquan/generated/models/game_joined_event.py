from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_status import GameStatus
from ..models.seat_name import SeatName

if TYPE_CHECKING:
    from ..models.clock_view import ClockView
    from ..models.player_summary import PlayerSummary


T = TypeVar("T", bound="GameJoinedEvent")


@_attrs_define
class GameJoinedEvent:
    """The second seat was taken: the game is active.

    Attributes:
        clock (ClockView | None):
        player (PlayerSummary):
        seat (SeatName): A seat, as the API spells it.
        started_at (datetime.datetime | None):
        status (GameStatus): Where a game is in its life: `waiting` (a seat is open), `active`, `finished`, `cancelled`,
            `archived` (an imported, unfinished record), `aborted` (ended before each side made two moves; never rated) or
            `expired` (nobody joined).
        type_ (Literal['joined']):
        version (int):
    """

    clock: ClockView | None
    player: PlayerSummary
    seat: SeatName
    started_at: datetime.datetime | None
    status: GameStatus
    type_: Literal["joined"]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.clock_view import ClockView  # noqa: PLC0415

        clock: dict[str, Any] | None
        if isinstance(self.clock, ClockView):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        player = self.player.to_dict()

        seat = self.seat.value

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        status = self.status.value

        type_ = self.type_

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clock": clock,
                "player": player,
                "seat": seat,
                "started_at": started_at,
                "status": status,
                "type": type_,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.clock_view import ClockView  # noqa: PLC0415
        from ..models.player_summary import PlayerSummary  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_clock(data: object) -> ClockView | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_1 = ClockView.from_dict(data)

                return clock_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClockView | None, data)

        clock = _parse_clock(d.pop("clock"))

        player = PlayerSummary.from_dict(d.pop("player"))

        seat = SeatName(d.pop("seat"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))

        status = GameStatus(d.pop("status"))

        type_ = cast(Literal["joined"], d.pop("type"))
        if type_ != "joined":
            raise ValueError(f"type must match const 'joined', got '{type_}'")

        version = d.pop("version")

        game_joined_event = cls(
            clock=clock,
            player=player,
            seat=seat,
            started_at=started_at,
            status=status,
            type_=type_,
            version=version,
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
