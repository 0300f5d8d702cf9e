from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.streak_view import StreakView


T = TypeVar("T", bound="PresetRatingView")


@_attrs_define
class PresetRatingView:
    """A player's Glicko-2 rating and record in one preset (rated games only).
    Values are as of the player's last rated game of the preset; exact, not
    rounded.

        Example:
            {'draws': 0, 'games': 1, 'last_played_at': '2025-01-31T08:30:00.123456Z', 'losses': 0, 'opponents': 1,
                'provisional': True, 'rating': 1662.3108939062977, 'rd': 290.31896371798047, 'streak': {'kind': 'win', 'length':
                1}, 'volatility': 0.05999967537233814, 'wins': 1}

        Attributes:
            draws (int):
            games (int): Rated games that counted: against established opponents.
            last_played_at (datetime.datetime | None): When the last rated game of the preset finished.
            losses (int):
            opponents (int): Distinct opponents among those games.
            provisional (bool): Not yet established (docs/API.md "How ratings resist farming"): the
                player's games do not move their opponents' ratings, and the player
                is left off leaderboards by default.
            rating (float):
            rd (float): Rating deviation: the rating is within ±2 RD with ~95 % confidence.
            streak (None | StreakView):
            volatility (float):
            wins (int):
    """

    draws: int
    games: int
    last_played_at: datetime.datetime | None
    losses: int
    opponents: int
    provisional: bool
    rating: float
    rd: float
    streak: None | StreakView
    volatility: float
    wins: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.streak_view import StreakView  # noqa: PLC0415

        draws = self.draws

        games = self.games

        last_played_at: None | str
        if isinstance(self.last_played_at, datetime.datetime):
            last_played_at = self.last_played_at.isoformat()
        else:
            last_played_at = self.last_played_at

        losses = self.losses

        opponents = self.opponents

        provisional = self.provisional

        rating = self.rating

        rd = self.rd

        streak: dict[str, Any] | None
        if isinstance(self.streak, StreakView):
            streak = self.streak.to_dict()
        else:
            streak = self.streak

        volatility = self.volatility

        wins = self.wins

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "draws": draws,
                "games": games,
                "last_played_at": last_played_at,
                "losses": losses,
                "opponents": opponents,
                "provisional": provisional,
                "rating": rating,
                "rd": rd,
                "streak": streak,
                "volatility": volatility,
                "wins": wins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.streak_view import StreakView  # noqa: PLC0415

        d = dict(src_dict)
        draws = d.pop("draws")

        games = d.pop("games")

        def _parse_last_played_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_played_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_played_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_played_at = _parse_last_played_at(d.pop("last_played_at"))

        losses = d.pop("losses")

        opponents = d.pop("opponents")

        provisional = d.pop("provisional")

        rating = d.pop("rating")

        rd = d.pop("rd")

        def _parse_streak(data: object) -> None | StreakView:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                streak_type_1 = StreakView.from_dict(data)

                return streak_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StreakView, data)

        streak = _parse_streak(d.pop("streak"))

        volatility = d.pop("volatility")

        wins = d.pop("wins")

        preset_rating_view = cls(
            draws=draws,
            games=games,
            last_played_at=last_played_at,
            losses=losses,
            opponents=opponents,
            provisional=provisional,
            rating=rating,
            rd=rd,
            streak=streak,
            volatility=volatility,
            wins=wins,
        )

        preset_rating_view.additional_properties = d
        return preset_rating_view

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
