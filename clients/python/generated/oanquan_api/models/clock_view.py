from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_name import SeatName
from ..types import UNSET, Unset

T = TypeVar("T", bound="ClockView")


@_attrs_define
class ClockView:
    """Both sides' time left, as of the game's last change, and who is thinking.

    Attributes:
        north_ms (int):
        south_ms (int):
        deadline (datetime.datetime | None | Unset): When the running side's flag falls (for a first move of a real-time
            game: when the game is aborted), on the server's clock.
        running (None | SeatName | Unset):
    """

    north_ms: int
    south_ms: int
    deadline: datetime.datetime | None | Unset = UNSET
    running: None | SeatName | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        north_ms = self.north_ms

        south_ms = self.south_ms

        deadline: None | str | Unset
        if isinstance(self.deadline, Unset):
            deadline = UNSET
        elif isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        running: None | str | Unset
        if isinstance(self.running, Unset):
            running = UNSET
        elif isinstance(self.running, SeatName):
            running = self.running.value
        else:
            running = self.running

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "north_ms": north_ms,
                "south_ms": south_ms,
            }
        )
        if deadline is not UNSET:
            field_dict["deadline"] = deadline
        if running is not UNSET:
            field_dict["running"] = running

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        north_ms = d.pop("north_ms")

        south_ms = d.pop("south_ms")

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

        def _parse_running(data: object) -> None | SeatName | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                running_type_1 = SeatName(data)

                return running_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatName | Unset, data)

        running = _parse_running(d.pop("running", UNSET))

        clock_view = cls(
            north_ms=north_ms,
            south_ms=south_ms,
            deadline=deadline,
            running=running,
        )

        clock_view.additional_properties = d
        return clock_view

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
