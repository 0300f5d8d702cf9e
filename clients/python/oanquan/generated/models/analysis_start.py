from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_name import SeatName

if TYPE_CHECKING:
    from ..models.board_square import BoardSquare
    from ..models.capture_event import CaptureEvent
    from ..models.forfeit_event import ForfeitEvent
    from ..models.game_end_event import GameEndEvent
    from ..models.lift_event import LiftEvent
    from ..models.refill_event import RefillEvent
    from ..models.relay_event import RelayEvent
    from ..models.scores_view import ScoresView
    from ..models.sow_event import SowEvent
    from ..models.stores_view import StoresView
    from ..models.turn_end_event import TurnEndEvent


T = TypeVar("T", bound="AnalysisStart")


@_attrs_define
class AnalysisStart:
    """The start, after any refill a custom position needs at once.

    Attributes:
        board (list[BoardSquare]): The twelve squares in ring order.
        legal_moves (list[str]): The legal moves in notation (`3R`), in order; empty when no move can be made. Example:
            ['1L', '1R', '2L', '2R', '3L', '3R', '4L', '4R', '5L', '5R'].
        ply (int): The number of the next move, from 1 (after the end: moves played + 1).
        position (str): The RULES.md position notation. Example: M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1.
        scores (ScoresView): Scores per seat: store small stones + `mandarin_value` × mandarins.
        stores (StoresView):
        to_move (SeatName): A seat, as the API spells it.
        events (list[CaptureEvent | ForfeitEvent | GameEndEvent | LiftEvent | RefillEvent | RelayEvent | SowEvent |
            TurnEndEvent]): The start-up refill (or forfeit) of a custom position; usually empty.
    """

    board: list[BoardSquare]
    legal_moves: list[str]
    ply: int
    position: str
    scores: ScoresView
    stores: StoresView
    to_move: SeatName
    events: list[
        CaptureEvent | ForfeitEvent | GameEndEvent | LiftEvent | RefillEvent | RelayEvent | SowEvent | TurnEndEvent
    ]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.capture_event import CaptureEvent  # noqa: PLC0415
        from ..models.forfeit_event import ForfeitEvent  # noqa: PLC0415
        from ..models.lift_event import LiftEvent  # noqa: PLC0415
        from ..models.refill_event import RefillEvent  # noqa: PLC0415
        from ..models.relay_event import RelayEvent  # noqa: PLC0415
        from ..models.sow_event import SowEvent  # noqa: PLC0415
        from ..models.turn_end_event import TurnEndEvent  # noqa: PLC0415

        board = []
        for board_item_data in self.board:
            board_item = board_item_data.to_dict()
            board.append(board_item)

        legal_moves = self.legal_moves

        ply = self.ply

        position = self.position

        scores = self.scores.to_dict()

        stores = self.stores.to_dict()

        to_move = self.to_move.value

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

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "board": board,
                "legal_moves": legal_moves,
                "ply": ply,
                "position": position,
                "scores": scores,
                "stores": stores,
                "to_move": to_move,
                "events": events,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.board_square import BoardSquare  # noqa: PLC0415
        from ..models.capture_event import CaptureEvent  # noqa: PLC0415
        from ..models.forfeit_event import ForfeitEvent  # noqa: PLC0415
        from ..models.game_end_event import GameEndEvent  # noqa: PLC0415
        from ..models.lift_event import LiftEvent  # noqa: PLC0415
        from ..models.refill_event import RefillEvent  # noqa: PLC0415
        from ..models.relay_event import RelayEvent  # noqa: PLC0415
        from ..models.scores_view import ScoresView  # noqa: PLC0415
        from ..models.sow_event import SowEvent  # noqa: PLC0415
        from ..models.stores_view import StoresView  # noqa: PLC0415
        from ..models.turn_end_event import TurnEndEvent  # noqa: PLC0415

        d = dict(src_dict)
        board = []
        _board = d.pop("board")
        for board_item_data in _board:
            board_item = BoardSquare.from_dict(board_item_data)

            board.append(board_item)

        legal_moves = cast(list[str], d.pop("legal_moves"))

        ply = d.pop("ply")

        position = d.pop("position")

        scores = ScoresView.from_dict(d.pop("scores"))

        stores = StoresView.from_dict(d.pop("stores"))

        to_move = SeatName(d.pop("to_move"))

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

        analysis_start = cls(
            board=board,
            legal_moves=legal_moves,
            ply=ply,
            position=position,
            scores=scores,
            stores=stores,
            to_move=to_move,
            events=events,
        )

        analysis_start.additional_properties = d
        return analysis_start

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
