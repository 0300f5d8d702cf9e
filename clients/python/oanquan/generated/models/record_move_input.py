from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.seat_name import SeatName
from ..types import UNSET, Unset

T = TypeVar("T", bound="RecordMoveInput")


@_attrs_define
class RecordMoveInput:
    """One move of a record to import: only `notation` is required.

    Attributes:
        notation (str):  Example: 3R.
        clock_ms (int | None | Unset): The mover's time left after the move and its increment (timed games). Example:
            301750.
        played_at (datetime.datetime | None | Unset):
        ply (int | None | Unset):
        position_after (None | str | Unset):
        seat (None | SeatName | Unset):
        think_ms (int | None | Unset): How long the mover thought (timed games). Example: 4250.
    """

    notation: str
    clock_ms: int | None | Unset = UNSET
    played_at: datetime.datetime | None | Unset = UNSET
    ply: int | None | Unset = UNSET
    position_after: None | str | Unset = UNSET
    seat: None | SeatName | Unset = UNSET
    think_ms: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        notation = self.notation

        clock_ms: int | None | Unset
        if isinstance(self.clock_ms, Unset):
            clock_ms = UNSET
        else:
            clock_ms = self.clock_ms

        played_at: None | str | Unset
        if isinstance(self.played_at, Unset):
            played_at = UNSET
        elif isinstance(self.played_at, datetime.datetime):
            played_at = self.played_at.isoformat()
        else:
            played_at = self.played_at

        ply: int | None | Unset
        if isinstance(self.ply, Unset):
            ply = UNSET
        else:
            ply = self.ply

        position_after: None | str | Unset
        if isinstance(self.position_after, Unset):
            position_after = UNSET
        else:
            position_after = self.position_after

        seat: None | str | Unset
        if isinstance(self.seat, Unset):
            seat = UNSET
        elif isinstance(self.seat, SeatName):
            seat = self.seat.value
        else:
            seat = self.seat

        think_ms: int | None | Unset
        if isinstance(self.think_ms, Unset):
            think_ms = UNSET
        else:
            think_ms = self.think_ms

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "notation": notation,
            }
        )
        if clock_ms is not UNSET:
            field_dict["clock_ms"] = clock_ms
        if played_at is not UNSET:
            field_dict["played_at"] = played_at
        if ply is not UNSET:
            field_dict["ply"] = ply
        if position_after is not UNSET:
            field_dict["position_after"] = position_after
        if seat is not UNSET:
            field_dict["seat"] = seat
        if think_ms is not UNSET:
            field_dict["think_ms"] = think_ms

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        notation = d.pop("notation")

        def _parse_clock_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        clock_ms = _parse_clock_ms(d.pop("clock_ms", UNSET))

        def _parse_played_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                played_at_type_0 = datetime.datetime.fromisoformat(data)

                return played_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        played_at = _parse_played_at(d.pop("played_at", UNSET))

        def _parse_ply(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        ply = _parse_ply(d.pop("ply", UNSET))

        def _parse_position_after(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        position_after = _parse_position_after(d.pop("position_after", UNSET))

        def _parse_seat(data: object) -> None | SeatName | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                seat_type_1 = SeatName(data)

                return seat_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatName | Unset, data)

        seat = _parse_seat(d.pop("seat", UNSET))

        def _parse_think_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        think_ms = _parse_think_ms(d.pop("think_ms", UNSET))

        record_move_input = cls(
            notation=notation,
            clock_ms=clock_ms,
            played_at=played_at,
            ply=ply,
            position_after=position_after,
            seat=seat,
            think_ms=think_ms,
        )

        return record_move_input
