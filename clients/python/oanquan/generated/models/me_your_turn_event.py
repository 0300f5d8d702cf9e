from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_name import SeatName

if TYPE_CHECKING:
    from ..models.clock_view import ClockView


T = TypeVar("T", bound="MeYourTurnEvent")


@_attrs_define
class MeYourTurnEvent:
    """The side to move of one of your games is yours.

    Attributes:
        clock (ClockView | None):
        cursor (str): Where the stream resumes after this message: send it back as
            `Last-Event-ID` (or `?since=`). Also the SSE `id`. Example: 1738312200123456.
        deadline (datetime.datetime | None): When your flag falls (`null` for an unlimited game).
        game_id (str):
        ply (int): The ply of the move you are to play.
        seat (SeatName): A seat, as the API spells it.
        type_ (Literal['your_turn']):
        version (int):
    """

    clock: ClockView | None
    cursor: str
    deadline: datetime.datetime | None
    game_id: str
    ply: int
    seat: SeatName
    type_: Literal["your_turn"]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.clock_view import ClockView  # noqa: PLC0415

        clock: dict[str, Any] | None
        if isinstance(self.clock, ClockView):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        cursor = self.cursor

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        game_id = self.game_id

        ply = self.ply

        seat = self.seat.value

        type_ = self.type_

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clock": clock,
                "cursor": cursor,
                "deadline": deadline,
                "game_id": game_id,
                "ply": ply,
                "seat": seat,
                "type": type_,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.clock_view import ClockView  # noqa: PLC0415

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

        cursor = d.pop("cursor")

        def _parse_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline = _parse_deadline(d.pop("deadline"))

        game_id = d.pop("game_id")

        ply = d.pop("ply")

        seat = SeatName(d.pop("seat"))

        type_ = cast(Literal["your_turn"], d.pop("type"))
        if type_ != "your_turn":
            raise ValueError(f"type must match const 'your_turn', got '{type_}'")

        version = d.pop("version")

        me_your_turn_event = cls(
            clock=clock,
            cursor=cursor,
            deadline=deadline,
            game_id=game_id,
            ply=ply,
            seat=seat,
            type_=type_,
            version=version,
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
