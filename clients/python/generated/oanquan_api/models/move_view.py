from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_name import SeatName
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.event_view_type_0 import EventViewType0
    from ..models.event_view_type_1 import EventViewType1
    from ..models.event_view_type_2 import EventViewType2
    from ..models.event_view_type_3 import EventViewType3
    from ..models.event_view_type_4 import EventViewType4
    from ..models.event_view_type_5 import EventViewType5
    from ..models.event_view_type_6 import EventViewType6
    from ..models.event_view_type_7 import EventViewType7


T = TypeVar("T", bound="MoveView")


@_attrs_define
class MoveView:
    """One move as played.

    Attributes:
        events (list[EventViewType0 | EventViewType1 | EventViewType2 | EventViewType3 | EventViewType4 | EventViewType5
            | EventViewType6 | EventViewType7]): What the move did, step by step, then the turn change.
        notation (str):  Example: 3R.
        ply (int): The move's number (the ply of the position it was played in).
        position_after (str): The position after the move (and its turn change).
        seat (SeatName): A seat, as the API spells it.
        clock_ms (int | None | Unset): The mover's time left after the move, its increment included; `null`
            as `think_ms` is. Example: 301750.
        played_at (datetime.datetime | None | Unset): `null` only for a move of an imported record that gave no times.
        think_ms (int | None | Unset): How long the mover thought, on the server's clock: from the commit
            that gave them the turn to the move's. `null` for an unlimited game
            (and an imported move whose record gave none). Example: 4250.
    """

    events: list[
        EventViewType0
        | EventViewType1
        | EventViewType2
        | EventViewType3
        | EventViewType4
        | EventViewType5
        | EventViewType6
        | EventViewType7
    ]
    notation: str
    ply: int
    position_after: str
    seat: SeatName
    clock_ms: int | None | Unset = UNSET
    played_at: datetime.datetime | None | Unset = UNSET
    think_ms: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.event_view_type_0 import EventViewType0  # noqa: PLC0415
        from ..models.event_view_type_1 import EventViewType1  # noqa: PLC0415
        from ..models.event_view_type_2 import EventViewType2  # noqa: PLC0415
        from ..models.event_view_type_3 import EventViewType3  # noqa: PLC0415
        from ..models.event_view_type_4 import EventViewType4  # noqa: PLC0415
        from ..models.event_view_type_5 import EventViewType5  # noqa: PLC0415
        from ..models.event_view_type_6 import EventViewType6  # noqa: PLC0415

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, EventViewType0):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, EventViewType1):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, EventViewType2):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, EventViewType3):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, EventViewType4):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, EventViewType5):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, EventViewType6):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        notation = self.notation

        ply = self.ply

        position_after = self.position_after

        seat = self.seat.value

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

        think_ms: int | None | Unset
        if isinstance(self.think_ms, Unset):
            think_ms = UNSET
        else:
            think_ms = self.think_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "events": events,
                "notation": notation,
                "ply": ply,
                "position_after": position_after,
                "seat": seat,
            }
        )
        if clock_ms is not UNSET:
            field_dict["clock_ms"] = clock_ms
        if played_at is not UNSET:
            field_dict["played_at"] = played_at
        if think_ms is not UNSET:
            field_dict["think_ms"] = think_ms

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_view_type_0 import EventViewType0  # noqa: PLC0415
        from ..models.event_view_type_1 import EventViewType1  # noqa: PLC0415
        from ..models.event_view_type_2 import EventViewType2  # noqa: PLC0415
        from ..models.event_view_type_3 import EventViewType3  # noqa: PLC0415
        from ..models.event_view_type_4 import EventViewType4  # noqa: PLC0415
        from ..models.event_view_type_5 import EventViewType5  # noqa: PLC0415
        from ..models.event_view_type_6 import EventViewType6  # noqa: PLC0415
        from ..models.event_view_type_7 import EventViewType7  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> (
                EventViewType0
                | EventViewType1
                | EventViewType2
                | EventViewType3
                | EventViewType4
                | EventViewType5
                | EventViewType6
                | EventViewType7
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_view_type_0 = EventViewType0.from_dict(data)

                    return componentsschemas_event_view_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_view_type_1 = EventViewType1.from_dict(data)

                    return componentsschemas_event_view_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_view_type_2 = EventViewType2.from_dict(data)

                    return componentsschemas_event_view_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_view_type_3 = EventViewType3.from_dict(data)

                    return componentsschemas_event_view_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_view_type_4 = EventViewType4.from_dict(data)

                    return componentsschemas_event_view_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_view_type_5 = EventViewType5.from_dict(data)

                    return componentsschemas_event_view_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_view_type_6 = EventViewType6.from_dict(data)

                    return componentsschemas_event_view_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_view_type_7 = EventViewType7.from_dict(data)

                return componentsschemas_event_view_type_7

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        notation = d.pop("notation")

        ply = d.pop("ply")

        position_after = d.pop("position_after")

        seat = SeatName(d.pop("seat"))

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

        def _parse_think_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        think_ms = _parse_think_ms(d.pop("think_ms", UNSET))

        move_view = cls(
            events=events,
            notation=notation,
            ply=ply,
            position_after=position_after,
            seat=seat,
            clock_ms=clock_ms,
            played_at=played_at,
            think_ms=think_ms,
        )

        move_view.additional_properties = d
        return move_view

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
