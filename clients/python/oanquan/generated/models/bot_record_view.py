from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.player_summary import PlayerSummary


T = TypeVar("T", bound="BotRecordView")


@_attrs_define
class BotRecordView:
    """A player's record against one built-in bot: every finished game, none
    of them rated.

        Example:
            {'bot': {'bot': True, 'id': 'botLevel04', 'name': 'bot-4'}, 'draws': 0, 'games': 5, 'level': 4, 'losses': 2,
                'wins': 3}

        Attributes:
            bot (PlayerSummary):
            draws (int):
            games (int):
            level (int): The bot's level, 1 (weakest) to 7.
            losses (int):
            wins (int):
    """

    bot: PlayerSummary
    draws: int
    games: int
    level: int
    losses: int
    wins: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bot = self.bot.to_dict()

        draws = self.draws

        games = self.games

        level = self.level

        losses = self.losses

        wins = self.wins

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bot": bot,
                "draws": draws,
                "games": games,
                "level": level,
                "losses": losses,
                "wins": wins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_summary import PlayerSummary  # noqa: PLC0415

        d = dict(src_dict)
        bot = PlayerSummary.from_dict(d.pop("bot"))

        draws = d.pop("draws")

        games = d.pop("games")

        level = d.pop("level")

        losses = d.pop("losses")

        wins = d.pop("wins")

        bot_record_view = cls(
            bot=bot,
            draws=draws,
            games=games,
            level=level,
            losses=losses,
            wins=wins,
        )

        bot_record_view.additional_properties = d
        return bot_record_view

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
