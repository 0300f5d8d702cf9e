from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_name import SeatName

if TYPE_CHECKING:
    from ..models.capture_event import CaptureEvent
    from ..models.forfeit_event import ForfeitEvent
    from ..models.game_end_event import GameEndEvent
    from ..models.lift_event import LiftEvent
    from ..models.refill_event import RefillEvent
    from ..models.relay_event import RelayEvent
    from ..models.sow_event import SowEvent
    from ..models.turn_end_event import TurnEndEvent


T = TypeVar("T", bound="MoveView")


@_attrs_define
class MoveView:
    """One move as played.

    Attributes:
        clock_ms (int | None): The mover's time left after the move, its increment included; `null`
            as `think_ms` is. Example: 301750.
        events (list[CaptureEvent | ForfeitEvent | GameEndEvent | LiftEvent | RefillEvent | RelayEvent | SowEvent |
            TurnEndEvent]): What the move did, step by step, then the turn change.
        notation (str):  Example: 3R.
        played_at (datetime.datetime | None): `null` only for a move of an imported record that gave no times.
        ply (int): The move's number (the ply of the position it was played in).
        position_after (str): The position after the move (and its turn change).
        seat (SeatName): A seat, as the API spells it.
        think_ms (int | None): How long the mover thought, on the server's clock: from the commit
            that gave them the turn to the move's. `null` for an unlimited game
            (and an imported move whose record gave none). Example: 4250.
    """

    clock_ms: int | None
    events: list[
        CaptureEvent | ForfeitEvent | GameEndEvent | LiftEvent | RefillEvent | RelayEvent | SowEvent | TurnEndEvent
    ]
    notation: str
    played_at: datetime.datetime | None
    ply: int
    position_after: str
    seat: SeatName
    think_ms: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.capture_event import CaptureEvent  # noqa: PLC0415
        from ..models.forfeit_event import ForfeitEvent  # noqa: PLC0415
        from ..models.lift_event import LiftEvent  # noqa: PLC0415
        from ..models.refill_event import RefillEvent  # noqa: PLC0415
        from ..models.relay_event import RelayEvent  # noqa: PLC0415
        from ..models.sow_event import SowEvent  # noqa: PLC0415
        from ..models.turn_end_event import TurnEndEvent  # noqa: PLC0415

        clock_ms: int | None
        clock_ms = self.clock_ms

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, LiftEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SowEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RelayEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CaptureEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TurnEndEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RefillEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ForfeitEvent):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        notation = self.notation

        played_at: None | str
        if isinstance(self.played_at, datetime.datetime):
            played_at = self.played_at.isoformat()
        else:
            played_at = self.played_at

        ply = self.ply

        position_after = self.position_after

        seat = self.seat.value

        think_ms: int | None
        think_ms = self.think_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clock_ms": clock_ms,
                "events": events,
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
        from ..models.capture_event import CaptureEvent  # noqa: PLC0415
        from ..models.forfeit_event import ForfeitEvent  # noqa: PLC0415
        from ..models.game_end_event import GameEndEvent  # noqa: PLC0415
        from ..models.lift_event import LiftEvent  # noqa: PLC0415
        from ..models.refill_event import RefillEvent  # noqa: PLC0415
        from ..models.relay_event import RelayEvent  # noqa: PLC0415
        from ..models.sow_event import SowEvent  # noqa: PLC0415
        from ..models.turn_end_event import TurnEndEvent  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_clock_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        clock_ms = _parse_clock_ms(d.pop("clock_ms"))

        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> (
                CaptureEvent
                | ForfeitEvent
                | GameEndEvent
                | LiftEvent
                | RefillEvent
                | RelayEvent
                | SowEvent
                | TurnEndEvent
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_view_type_0 = LiftEvent.from_dict(data)

                    return componentsschemas_event_view_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_view_type_1 = SowEvent.from_dict(data)

                    return componentsschemas_event_view_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_view_type_2 = RelayEvent.from_dict(data)

                    return componentsschemas_event_view_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_view_type_3 = CaptureEvent.from_dict(data)

                    return componentsschemas_event_view_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_view_type_4 = TurnEndEvent.from_dict(data)

                    return componentsschemas_event_view_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_view_type_5 = RefillEvent.from_dict(data)

                    return componentsschemas_event_view_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_view_type_6 = ForfeitEvent.from_dict(data)

                    return componentsschemas_event_view_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_view_type_7 = GameEndEvent.from_dict(data)

                return componentsschemas_event_view_type_7

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

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

        ply = d.pop("ply")

        position_after = d.pop("position_after")

        seat = SeatName(d.pop("seat"))

        def _parse_think_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        think_ms = _parse_think_ms(d.pop("think_ms"))

        move_view = cls(
            clock_ms=clock_ms,
            events=events,
            notation=notation,
            played_at=played_at,
            ply=ply,
            position_after=position_after,
            seat=seat,
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
