from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

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
    from ..models.scores_view import ScoresView
    from ..models.sow_event import SowEvent
    from ..models.turn_end_event import TurnEndEvent


T = TypeVar("T", bound="AnalysedMove")


@_attrs_define
class AnalysedMove:
    """
    Attributes:
        events (list[CaptureEvent | ForfeitEvent | GameEndEvent | LiftEvent | RefillEvent | RelayEvent | SowEvent |
            TurnEndEvent]):
        notation (str):
        ply (int):
        position_after (str):
        scores (ScoresView): Scores per seat: store small stones + `mandarin_value` × mandarins.
        seat (SeatName): A seat, as the API spells it.
    """

    events: list[
        CaptureEvent | ForfeitEvent | GameEndEvent | LiftEvent | RefillEvent | RelayEvent | SowEvent | TurnEndEvent
    ]
    notation: str
    ply: int
    position_after: str
    scores: ScoresView
    seat: SeatName
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.capture_event import CaptureEvent  # noqa: PLC0415
        from ..models.forfeit_event import ForfeitEvent  # noqa: PLC0415
        from ..models.lift_event import LiftEvent  # noqa: PLC0415
        from ..models.refill_event import RefillEvent  # noqa: PLC0415
        from ..models.relay_event import RelayEvent  # noqa: PLC0415
        from ..models.sow_event import SowEvent  # noqa: PLC0415
        from ..models.turn_end_event import TurnEndEvent  # noqa: PLC0415

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

        ply = self.ply

        position_after = self.position_after

        scores = self.scores.to_dict()

        seat = self.seat.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "events": events,
                "notation": notation,
                "ply": ply,
                "position_after": position_after,
                "scores": scores,
                "seat": seat,
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
        from ..models.scores_view import ScoresView  # noqa: PLC0415
        from ..models.sow_event import SowEvent  # noqa: PLC0415
        from ..models.turn_end_event import TurnEndEvent  # noqa: PLC0415

        d = dict(src_dict)
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

        ply = d.pop("ply")

        position_after = d.pop("position_after")

        scores = ScoresView.from_dict(d.pop("scores"))

        seat = SeatName(d.pop("seat"))

        analysed_move = cls(
            events=events,
            notation=notation,
            ply=ply,
            position_after=position_after,
            scores=scores,
            seat=seat,
        )

        analysed_move.additional_properties = d
        return analysed_move

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
