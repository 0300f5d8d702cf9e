from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ratings_view import RatingsView


T = TypeVar("T", bound="BotView")


@_attrs_define
class BotView:
    """A built-in bot: a player anyone can play at once.

    Example:
        {'bot': True, 'description': 'Looks one move ahead at the score only and often picks a worse move at random:
            misses most threats, blunders mandarins.', 'id': 'botLevel01', 'level': 1, 'name': 'bot-1', 'ratings':
            {'classic': None, 'online': None, 'village': None}, 'title': 'Beginner'}

    Attributes:
        bot (bool): Always `true`: the flag every view of a player carries.
        description (str): How it plays.
        id (str): Its player id: give it as `opponent` to `POST /v1/games`.
        level (int): 1 (weakest) to 7 (strongest).
        name (str):
        ratings (RatingsView): Ratings per preset; `null` where the player has finished no rated game.
            Games under a custom mix of rules are never rated.
        title (str): The level's name.
    """

    bot: bool
    description: str
    id: str
    level: int
    name: str
    ratings: RatingsView
    title: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bot = self.bot

        description = self.description

        id = self.id

        level = self.level

        name = self.name

        ratings = self.ratings.to_dict()

        title = self.title

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bot": bot,
                "description": description,
                "id": id,
                "level": level,
                "name": name,
                "ratings": ratings,
                "title": title,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ratings_view import RatingsView  # noqa: PLC0415

        d = dict(src_dict)
        bot = d.pop("bot")

        description = d.pop("description")

        id = d.pop("id")

        level = d.pop("level")

        name = d.pop("name")

        ratings = RatingsView.from_dict(d.pop("ratings"))

        title = d.pop("title")

        bot_view = cls(
            bot=bot,
            description=description,
            id=id,
            level=level,
            name=name,
            ratings=ratings,
            title=title,
        )

        bot_view.additional_properties = d
        return bot_view

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
