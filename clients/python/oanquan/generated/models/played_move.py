from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_view import GameView
    from ..models.move_view import MoveView


T = TypeVar("T", bound="PlayedMove")


@_attrs_define
class PlayedMove:
    """The move played and the game after it.

    Attributes:
        game (GameView): A game: its rules, seats, current position and result.
        move (MoveView): One move as played.
    """

    game: GameView
    move: MoveView
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = self.game.to_dict()

        move = self.move.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "move": move,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_view import GameView  # noqa: PLC0415
        from ..models.move_view import MoveView  # noqa: PLC0415

        d = dict(src_dict)
        game = GameView.from_dict(d.pop("game"))

        move = MoveView.from_dict(d.pop("move"))

        played_move = cls(
            game=game,
            move=move,
        )

        played_move.additional_properties = d
        return played_move

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
