from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PlayerSummary")


@_attrs_define
class PlayerSummary:
    """
    Attributes:
        name (str):
        bot (bool | Unset): Whether the player is one of the built-in bots (`GET /v1/bots`).
            Read from a record as `false` whatever it says: an import claims no account.
        id (None | str | Unset): The player's id; `null` for a name from an imported record, which
            is linked to no account.
    """

    name: str
    bot: bool | Unset = UNSET
    id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        bot = self.bot

        id: None | str | Unset
        if isinstance(self.id, Unset):
            id = UNSET
        else:
            id = self.id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if bot is not UNSET:
            field_dict["bot"] = bot
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        bot = d.pop("bot", UNSET)

        def _parse_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        id = _parse_id(d.pop("id", UNSET))

        player_summary = cls(
            name=name,
            bot=bot,
            id=id,
        )

        return player_summary
