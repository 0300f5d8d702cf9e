from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ratings_view import RatingsView


T = TypeVar("T", bound="PlayerProfile")


@_attrs_define
class PlayerProfile:
    """A player as anyone may see them, with their ratings.

    Example:
        {'bot': False, 'created_at': '2025-01-31T08:30:00.123456Z', 'id': 'aB3dE6gH9j', 'name': 'Lan', 'ratings':
            {'classic': {'draws': 0, 'games': 1, 'last_played_at': '2025-01-31T09:02:11.5Z', 'losses': 0, 'provisional':
            True, 'rating': 1662.3108939062977, 'rd': 290.31896371798047, 'streak': {'kind': 'win', 'length': 1},
            'volatility': 0.05999967537233814, 'wins': 1}, 'online': None, 'village': None}}

    Attributes:
        bot (bool): Whether this is one of the built-in bots (`GET /v1/bots`).
        created_at (datetime.datetime):
        id (str):
        name (str):
        ratings (RatingsView): Ratings per preset; `null` where the player has finished no rated game.
            Games under a custom mix of rules are never rated.
    """

    bot: bool
    created_at: datetime.datetime
    id: str
    name: str
    ratings: RatingsView
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bot = self.bot

        created_at = self.created_at.isoformat()

        id = self.id

        name = self.name

        ratings = self.ratings.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bot": bot,
                "created_at": created_at,
                "id": id,
                "name": name,
                "ratings": ratings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ratings_view import RatingsView  # noqa: PLC0415

        d = dict(src_dict)
        bot = d.pop("bot")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        id = d.pop("id")

        name = d.pop("name")

        ratings = RatingsView.from_dict(d.pop("ratings"))

        player_profile = cls(
            bot=bot,
            created_at=created_at,
            id=id,
            name=name,
            ratings=ratings,
        )

        player_profile.additional_properties = d
        return player_profile

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
