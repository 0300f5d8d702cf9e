from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_name import SeatName
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.clock_view import ClockView


T = TypeVar("T", bound="MeYourTurnEvent")


@_attrs_define
class MeYourTurnEvent:
    """The side to move of one of your games is yours.

    Attributes:
        game_id (str):
        ply (int): The ply of the move you are to play.
        seat (SeatName): A seat, as the API spells it.
        version (int):
        clock (ClockView | None | Unset):
        deadline (datetime.datetime | None | Unset): When your flag falls (`null` for an unlimited game).
    """

    game_id: str
    ply: int
    seat: SeatName
    version: int
    clock: ClockView | None | Unset = UNSET
    deadline: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.clock_view import ClockView  # noqa: PLC0415

        game_id = self.game_id

        ply = self.ply

        seat = self.seat.value

        version = self.version

        clock: dict[str, Any] | None | Unset
        if isinstance(self.clock, Unset):
            clock = UNSET
        elif isinstance(self.clock, ClockView):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        deadline: None | str | Unset
        if isinstance(self.deadline, Unset):
            deadline = UNSET
        elif isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "ply": ply,
                "seat": seat,
                "version": version,
            }
        )
        if clock is not UNSET:
            field_dict["clock"] = clock
        if deadline is not UNSET:
            field_dict["deadline"] = deadline

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.clock_view import ClockView  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        ply = d.pop("ply")

        seat = SeatName(d.pop("seat"))

        version = d.pop("version")

        def _parse_clock(data: object) -> ClockView | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_1 = ClockView.from_dict(data)

                return clock_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClockView | None | Unset, data)

        clock = _parse_clock(d.pop("clock", UNSET))

        def _parse_deadline(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        deadline = _parse_deadline(d.pop("deadline", UNSET))

        me_your_turn_event = cls(
            game_id=game_id,
            ply=ply,
            seat=seat,
            version=version,
            clock=clock,
            deadline=deadline,
        )

        me_your_turn_event.additional_properties = d
        return me_your_turn_event

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
