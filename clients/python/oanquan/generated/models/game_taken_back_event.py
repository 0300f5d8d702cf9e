from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_name import SeatName

if TYPE_CHECKING:
    from ..models.clock_view import ClockView
    from ..models.scores_view import ScoresView


T = TypeVar("T", bound="GameTakenBackEvent")


@_attrs_define
class GameTakenBackEvent:
    """An accepted takeback: the last `plies` moves were undone.

    Attributes:
        clock (ClockView | None):
        legal_moves (list[str]):
        plies (int): How many moves were undone (1 or 2).
        ply (int): The ply of the next move.
        position (str): The position the game is back at.
        scores (ScoresView): Scores per seat: store small stones + `mandarin_value` × mandarins.
        to_move (SeatName): A seat, as the API spells it.
        type_ (Literal['taken_back']):
        version (int):
    """

    clock: ClockView | None
    legal_moves: list[str]
    plies: int
    ply: int
    position: str
    scores: ScoresView
    to_move: SeatName
    type_: Literal["taken_back"]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.clock_view import ClockView  # noqa: PLC0415

        clock: dict[str, Any] | None
        if isinstance(self.clock, ClockView):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        legal_moves = self.legal_moves

        plies = self.plies

        ply = self.ply

        position = self.position

        scores = self.scores.to_dict()

        to_move = self.to_move.value

        type_ = self.type_

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clock": clock,
                "legal_moves": legal_moves,
                "plies": plies,
                "ply": ply,
                "position": position,
                "scores": scores,
                "to_move": to_move,
                "type": type_,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.clock_view import ClockView  # noqa: PLC0415
        from ..models.scores_view import ScoresView  # noqa: PLC0415

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

        legal_moves = cast(list[str], d.pop("legal_moves"))

        plies = d.pop("plies")

        ply = d.pop("ply")

        position = d.pop("position")

        scores = ScoresView.from_dict(d.pop("scores"))

        to_move = SeatName(d.pop("to_move"))

        type_ = cast(Literal["taken_back"], d.pop("type"))
        if type_ != "taken_back":
            raise ValueError(f"type must match const 'taken_back', got '{type_}'")

        version = d.pop("version")

        game_taken_back_event = cls(
            clock=clock,
            legal_moves=legal_moves,
            plies=plies,
            ply=ply,
            position=position,
            scores=scores,
            to_move=to_move,
            type_=type_,
            version=version,
        )

        game_taken_back_event.additional_properties = d
        return game_taken_back_event

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
