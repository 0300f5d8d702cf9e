from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bot_record_view import BotRecordView
    from ..models.ratings_view import RatingsView


T = TypeVar("T", bound="PlayerProfile")


@_attrs_define
class PlayerProfile:
    """A player as anyone may see them, with their ratings.

    Example:
        {'bot': False, 'bots': [{'bot': {'bot': True, 'id': 'botLevel04', 'name': 'bot-4'}, 'draws': 0, 'games': 5,
            'level': 4, 'losses': 2, 'wins': 3}], 'created_at': '2025-01-31T08:30:00.123456Z', 'id': 'aB3dE6gH9j', 'level':
            None, 'name': 'Lan', 'ratings': {'classic': {'draws': 0, 'games': 1, 'last_played_at': '2025-01-31T09:02:11.5Z',
            'losses': 0, 'opponents': 1, 'provisional': True, 'rating': 1662.3108939062977, 'rd': 290.31896371798047,
            'streak': {'kind': 'win', 'length': 1}, 'volatility': 0.05999967537233814, 'wins': 1}, 'online': None,
            'village': None}}

    Attributes:
        bot (bool): Whether this is a bot: one of the built-in bots (`GET /v1/bots`), or
            a bot account (`POST /v1/me/upgrade-to-bot`), whose `level` is `null`.
        bots (list[BotRecordView]): A person's record against each bot they finished a game with,
            weakest bot first (games against bots are never rated); `[]` for a bot.
        created_at (datetime.datetime):
        id (str):
        level (int | None): A bot's level, 1 (weakest) to 7: its strength, instead of a rating;
            `null` for a person.
        name (str):
        ratings (RatingsView): Ratings per preset; `null` where the player has finished no rated game.
            Games under a custom mix of rules are never rated.
    """

    bot: bool
    bots: list[BotRecordView]
    created_at: datetime.datetime
    id: str
    level: int | None
    name: str
    ratings: RatingsView
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bot = self.bot

        bots = []
        for bots_item_data in self.bots:
            bots_item = bots_item_data.to_dict()
            bots.append(bots_item)

        created_at = self.created_at.isoformat()

        id = self.id

        level: int | None
        level = self.level

        name = self.name

        ratings = self.ratings.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bot": bot,
                "bots": bots,
                "created_at": created_at,
                "id": id,
                "level": level,
                "name": name,
                "ratings": ratings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bot_record_view import BotRecordView  # noqa: PLC0415
        from ..models.ratings_view import RatingsView  # noqa: PLC0415

        d = dict(src_dict)
        bot = d.pop("bot")

        bots = []
        _bots = d.pop("bots")
        for bots_item_data in _bots:
            bots_item = BotRecordView.from_dict(bots_item_data)

            bots.append(bots_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        id = d.pop("id")

        def _parse_level(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        level = _parse_level(d.pop("level"))

        name = d.pop("name")

        ratings = RatingsView.from_dict(d.pop("ratings"))

        player_profile = cls(
            bot=bot,
            bots=bots,
            created_at=created_at,
            id=id,
            level=level,
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
