from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.player_summary import PlayerSummary


T = TypeVar("T", bound="LeaderboardEntry")


@_attrs_define
class LeaderboardEntry:
    """One row of a leaderboard.

    Example:
        {'draws': 3, 'games': 48, 'last_played_at': '2025-01-31T08:30:00.123456Z', 'losses': 10, 'player': {'bot':
            False, 'id': 'aB3dE6gH9j', 'name': 'Lan'}, 'provisional': False, 'rank': 1, 'rating': 1893.4, 'rd': 61.2,
            'wins': 35}

    Attributes:
        draws (int):
        games (int):
        last_played_at (datetime.datetime | None):
        losses (int):
        player (PlayerSummary):
        provisional (bool):
        rank (int): 1 + the number of players ranked above under the same filters. Ties
            in rating are ranked by player id, so ranks are unique.
        rating (float):
        rd (float):
        wins (int):
    """

    draws: int
    games: int
    last_played_at: datetime.datetime | None
    losses: int
    player: PlayerSummary
    provisional: bool
    rank: int
    rating: float
    rd: float
    wins: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        draws = self.draws

        games = self.games

        last_played_at: None | str
        if isinstance(self.last_played_at, datetime.datetime):
            last_played_at = self.last_played_at.isoformat()
        else:
            last_played_at = self.last_played_at

        losses = self.losses

        player = self.player.to_dict()

        provisional = self.provisional

        rank = self.rank

        rating = self.rating

        rd = self.rd

        wins = self.wins

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "draws": draws,
                "games": games,
                "last_played_at": last_played_at,
                "losses": losses,
                "player": player,
                "provisional": provisional,
                "rank": rank,
                "rating": rating,
                "rd": rd,
                "wins": wins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_summary import PlayerSummary  # noqa: PLC0415

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

        player = PlayerSummary.from_dict(d.pop("player"))

        provisional = d.pop("provisional")

        rank = d.pop("rank")

        rating = d.pop("rating")

        rd = d.pop("rd")

        wins = d.pop("wins")

        leaderboard_entry = cls(
            draws=draws,
            games=games,
            last_played_at=last_played_at,
            losses=losses,
            player=player,
            provisional=provisional,
            rank=rank,
            rating=rating,
            rd=rd,
            wins=wins,
        )

        leaderboard_entry.additional_properties = d
        return leaderboard_entry

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
