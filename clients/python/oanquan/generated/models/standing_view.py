from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tiebreaks_view import TiebreaksView
    from ..models.tournament_player import TournamentPlayer


T = TypeVar("T", bound="StandingView")


@_attrs_define
class StandingView:
    """One line of the standings.

    Attributes:
        games (int): Games played over the board.
        player (TournamentPlayer): A player, as a tournament names them.
        points (float): 1 a win, ½ a draw, 1 a Swiss bye or a forfeit won; in an arena, 2
            a win, 1 a draw, doubled on a streak.
        rank (int): 1 and up; players equal on points and every tiebreak share one.
        sheet (list[int] | None): An arena's only (`null` in the other formats): the points of each
            game, in the order they were paired (a game in progress not yet
            among them).
        streak (bool | None): An arena's only (`null` in the other formats): on a streak (the
            last two games won), so that the next game's points are doubled.
        tiebreaks (TiebreaksView): The tiebreaks of a standings line.
    """

    games: int
    player: TournamentPlayer
    points: float
    rank: int
    sheet: list[int] | None
    streak: bool | None
    tiebreaks: TiebreaksView
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        games = self.games

        player = self.player.to_dict()

        points = self.points

        rank = self.rank

        sheet: list[int] | None
        if isinstance(self.sheet, list):
            sheet = self.sheet

        else:
            sheet = self.sheet

        streak: bool | None
        streak = self.streak

        tiebreaks = self.tiebreaks.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "games": games,
                "player": player,
                "points": points,
                "rank": rank,
                "sheet": sheet,
                "streak": streak,
                "tiebreaks": tiebreaks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tiebreaks_view import TiebreaksView  # noqa: PLC0415
        from ..models.tournament_player import TournamentPlayer  # noqa: PLC0415

        d = dict(src_dict)
        games = d.pop("games")

        player = TournamentPlayer.from_dict(d.pop("player"))

        points = d.pop("points")

        rank = d.pop("rank")

        def _parse_sheet(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                sheet_type_0 = cast(list[int], data)

                return sheet_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        sheet = _parse_sheet(d.pop("sheet"))

        def _parse_streak(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        streak = _parse_streak(d.pop("streak"))

        tiebreaks = TiebreaksView.from_dict(d.pop("tiebreaks"))

        standing_view = cls(
            games=games,
            player=player,
            points=points,
            rank=rank,
            sheet=sheet,
            streak=streak,
            tiebreaks=tiebreaks,
        )

        standing_view.additional_properties = d
        return standing_view

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
