from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_name import SeatName

T = TypeVar("T", bound="ClockView")


@_attrs_define
class ClockView:
    """Both sides' time left, as of the game's last change, and who is thinking.

    Attributes:
        deadline (datetime.datetime | None): When the running side's flag falls (for a first move of a real-time
            game: when the game is aborted), on the server's clock.
        north_ms (int):
        running (None | SeatName):
        south_ms (int):
    """

    deadline: datetime.datetime | None
    north_ms: int
    running: None | SeatName
    south_ms: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        north_ms = self.north_ms

        running: None | str
        if isinstance(self.running, SeatName):
            running = self.running.value
        else:
            running = self.running

        south_ms = self.south_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deadline": deadline,
                "north_ms": north_ms,
                "running": running,
                "south_ms": south_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

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

        north_ms = d.pop("north_ms")

        def _parse_running(data: object) -> None | SeatName:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                running_type_1 = SeatName(data)

                return running_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatName, data)

        running = _parse_running(d.pop("running"))

        south_ms = d.pop("south_ms")

        clock_view = cls(
            deadline=deadline,
            north_ms=north_ms,
            running=running,
            south_ms=south_ms,
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
