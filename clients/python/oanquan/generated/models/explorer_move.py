from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ExplorerMove")


@_attrs_define
class ExplorerMove:
    """What the games did after one move.

    Attributes:
        average_rating (float | None): The mean of the players' ratings before the rated games among them.
        average_score_difference (float): The mean final score of the side that played the move minus the other's.
        draws (int):
        games (int):
        move (str):  Example: 3R.
        north_wins (int):
        south_wins (int):
    """

    average_rating: float | None
    average_score_difference: float
    draws: int
    games: int
    move: str
    north_wins: int
    south_wins: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        average_rating: float | None
        average_rating = self.average_rating

        average_score_difference = self.average_score_difference

        draws = self.draws

        games = self.games

        move = self.move

        north_wins = self.north_wins

        south_wins = self.south_wins

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "average_rating": average_rating,
                "average_score_difference": average_score_difference,
                "draws": draws,
                "games": games,
                "move": move,
                "north_wins": north_wins,
                "south_wins": south_wins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_average_rating(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        average_rating = _parse_average_rating(d.pop("average_rating"))

        average_score_difference = d.pop("average_score_difference")

        draws = d.pop("draws")

        games = d.pop("games")

        move = d.pop("move")

        north_wins = d.pop("north_wins")

        south_wins = d.pop("south_wins")

        explorer_move = cls(
            average_rating=average_rating,
            average_score_difference=average_score_difference,
            draws=draws,
            games=games,
            move=move,
            north_wins=north_wins,
            south_wins=south_wins,
        )

        explorer_move.additional_properties = d
        return explorer_move

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
