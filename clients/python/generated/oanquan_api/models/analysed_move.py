from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_name import SeatName

if TYPE_CHECKING:
    from ..models.event_view_type_0 import EventViewType0
    from ..models.event_view_type_1 import EventViewType1
    from ..models.event_view_type_2 import EventViewType2
    from ..models.event_view_type_3 import EventViewType3
    from ..models.event_view_type_4 import EventViewType4
    from ..models.event_view_type_5 import EventViewType5
    from ..models.event_view_type_6 import EventViewType6
    from ..models.event_view_type_7 import EventViewType7
    from ..models.scores_view import ScoresView


T = TypeVar("T", bound="AnalysedMove")


@_attrs_define
class AnalysedMove:
    """
    Attributes:
        events (list[EventViewType0 | EventViewType1 | EventViewType2 | EventViewType3 | EventViewType4 | EventViewType5
            | EventViewType6 | EventViewType7]):
        notation (str):
        ply (int):
        position_after (str):
        scores (ScoresView): Scores per seat: store small stones + `mandarin_value` × mandarins.
        seat (SeatName): A seat, as the API spells it.
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
    scores: ScoresView
    seat: SeatName
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
        from ..models.event_view_type_0 import EventViewType0  # noqa: PLC0415
        from ..models.event_view_type_1 import EventViewType1  # noqa: PLC0415
        from ..models.event_view_type_2 import EventViewType2  # noqa: PLC0415
        from ..models.event_view_type_3 import EventViewType3  # noqa: PLC0415
        from ..models.event_view_type_4 import EventViewType4  # noqa: PLC0415
        from ..models.event_view_type_5 import EventViewType5  # noqa: PLC0415
        from ..models.event_view_type_6 import EventViewType6  # noqa: PLC0415
        from ..models.event_view_type_7 import EventViewType7  # noqa: PLC0415
        from ..models.scores_view import ScoresView  # noqa: PLC0415

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
