from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.explorer_game import ExplorerGame
    from ..models.explorer_move import ExplorerMove


T = TypeVar("T", bound="ExplorerAnswer")


@_attrs_define
class ExplorerAnswer:
    """The finished games that reached a position, and each move played from it.

    Attributes:
        draws (int):
        games (int):
        moves (list[ExplorerMove]): Most played first.
        north_wins (int):
        pending_games (int): Finished games not counted in this answer: 0 unless more games
            waited to be counted than one request counts (after an outage,
            say); a later request counts them.
        position (str): The position, in RULES.md notation.
        recent_games (list[ExplorerGame]): The latest games first.
        south_wins (int):
    """

    draws: int
    games: int
    moves: list[ExplorerMove]
    north_wins: int
    pending_games: int
    position: str
    recent_games: list[ExplorerGame]
    south_wins: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        draws = self.draws

        games = self.games

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        north_wins = self.north_wins

        pending_games = self.pending_games

        position = self.position

        recent_games = []
        for recent_games_item_data in self.recent_games:
            recent_games_item = recent_games_item_data.to_dict()
            recent_games.append(recent_games_item)

        south_wins = self.south_wins

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "draws": draws,
                "games": games,
                "moves": moves,
                "north_wins": north_wins,
                "pending_games": pending_games,
                "position": position,
                "recent_games": recent_games,
                "south_wins": south_wins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.explorer_game import ExplorerGame  # noqa: PLC0415
        from ..models.explorer_move import ExplorerMove  # noqa: PLC0415

        d = dict(src_dict)
        draws = d.pop("draws")

        games = d.pop("games")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = ExplorerMove.from_dict(moves_item_data)

            moves.append(moves_item)

        north_wins = d.pop("north_wins")

        pending_games = d.pop("pending_games")

        position = d.pop("position")

        recent_games = []
        _recent_games = d.pop("recent_games")
        for recent_games_item_data in _recent_games:
            recent_games_item = ExplorerGame.from_dict(recent_games_item_data)

            recent_games.append(recent_games_item)

        south_wins = d.pop("south_wins")

        explorer_answer = cls(
            draws=draws,
            games=games,
            moves=moves,
            north_wins=north_wins,
            pending_games=pending_games,
            position=position,
            recent_games=recent_games,
            south_wins=south_wins,
        )

        explorer_answer.additional_properties = d
        return explorer_answer

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
