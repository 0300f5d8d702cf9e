from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_name import SeatName

if TYPE_CHECKING:
    from ..models.game_view import GameView


T = TypeVar("T", bound="MeGameEntry")


@_attrs_define
class MeGameEntry:
    """One of your games, with whose turn it is.

    Attributes:
        game (GameView): A game: its rules, seats, current position and result.
        seat (SeatName): A seat, as the API spells it.
        your_turn (bool): Whether it is your move (an active game whose side to move is yours).
    """

    game: GameView
    seat: SeatName
    your_turn: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = self.game.to_dict()

        seat = self.seat.value

        your_turn = self.your_turn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "seat": seat,
                "your_turn": your_turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_view import GameView  # noqa: PLC0415

        d = dict(src_dict)
        game = GameView.from_dict(d.pop("game"))

        seat = SeatName(d.pop("seat"))

        your_turn = d.pop("your_turn")

        me_game_entry = cls(
            game=game,
            seat=seat,
            your_turn=your_turn,
        )

        me_game_entry.additional_properties = d
        return me_game_entry

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
