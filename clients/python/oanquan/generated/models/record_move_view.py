from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_name import SeatName

T = TypeVar("T", bound="RecordMoveView")


@_attrs_define
class RecordMoveView:
    """One move of an exported record.

    Attributes:
        clock_ms (int | None): The mover's time left after the move and its increment (timed
            games; `null` otherwise). Example: 301750.
        notation (str):  Example: 3R.
        played_at (datetime.datetime | None):
        ply (int | None):
        position_after (None | str):
        seat (None | SeatName):
        think_ms (int | None): How long the mover thought (timed games; `null` otherwise). Example: 4250.
    """

    clock_ms: int | None
    notation: str
    played_at: datetime.datetime | None
    ply: int | None
    position_after: None | str
    seat: None | SeatName
    think_ms: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        clock_ms: int | None
        clock_ms = self.clock_ms

        notation = self.notation

        played_at: None | str
        if isinstance(self.played_at, datetime.datetime):
            played_at = self.played_at.isoformat()
        else:
            played_at = self.played_at

        ply: int | None
        ply = self.ply

        position_after: None | str
        position_after = self.position_after

        seat: None | str
        if isinstance(self.seat, SeatName):
            seat = self.seat.value
        else:
            seat = self.seat

        think_ms: int | None
        think_ms = self.think_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clock_ms": clock_ms,
                "notation": notation,
                "played_at": played_at,
                "ply": ply,
                "position_after": position_after,
                "seat": seat,
                "think_ms": think_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_clock_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        clock_ms = _parse_clock_ms(d.pop("clock_ms"))

        notation = d.pop("notation")

        def _parse_played_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                played_at_type_0 = datetime.datetime.fromisoformat(data)

                return played_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        played_at = _parse_played_at(d.pop("played_at"))

        def _parse_ply(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ply = _parse_ply(d.pop("ply"))

        def _parse_position_after(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        position_after = _parse_position_after(d.pop("position_after"))

        def _parse_seat(data: object) -> None | SeatName:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                seat_type_1 = SeatName(data)

                return seat_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatName, data)

        seat = _parse_seat(d.pop("seat"))

        def _parse_think_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        think_ms = _parse_think_ms(d.pop("think_ms"))

        record_move_view = cls(
            clock_ms=clock_ms,
            notation=notation,
            played_at=played_at,
            ply=ply,
            position_after=position_after,
            seat=seat,
            think_ms=think_ms,
        )

        record_move_view.additional_properties = d
        return record_move_view

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
