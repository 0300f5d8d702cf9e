from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_view import GameView
    from ..models.me_game_entry import MeGameEntry


T = TypeVar("T", bound="MeSnapshotEvent")


@_attrs_define
class MeSnapshotEvent:
    """Where you stand, first on every stream (and again after it fell behind).

    Attributes:
        challenges (list[GameView]): The waiting games reserved for you by another player, newest first.
        cursor (str): Where the stream resumes after this message: send it back as
            `Last-Event-ID` (or `?since=`). Also the SSE `id`. Example: 1738312200123456.
        games (list[MeGameEntry]): The waiting and active games in which you sit, newest first.
        truncated (bool): Whether older games were left out: `games` and `challenges` hold
            the newest 200 of them together. The others are still told of as
            they change; `GET /v1/players/{id}/games?status=active` (or
            `waiting`) pages through the games you sit in.
        type_ (Literal['snapshot']):
    """

    challenges: list[GameView]
    cursor: str
    games: list[MeGameEntry]
    truncated: bool
    type_: Literal["snapshot"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        challenges = []
        for challenges_item_data in self.challenges:
            challenges_item = challenges_item_data.to_dict()
            challenges.append(challenges_item)

        cursor = self.cursor

        games = []
        for games_item_data in self.games:
            games_item = games_item_data.to_dict()
            games.append(games_item)

        truncated = self.truncated

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "challenges": challenges,
                "cursor": cursor,
                "games": games,
                "truncated": truncated,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_view import GameView  # noqa: PLC0415
        from ..models.me_game_entry import MeGameEntry  # noqa: PLC0415

        d = dict(src_dict)
        challenges = []
        _challenges = d.pop("challenges")
        for challenges_item_data in _challenges:
            challenges_item = GameView.from_dict(challenges_item_data)

            challenges.append(challenges_item)

        cursor = d.pop("cursor")

        games = []
        _games = d.pop("games")
        for games_item_data in _games:
            games_item = MeGameEntry.from_dict(games_item_data)

            games.append(games_item)

        truncated = d.pop("truncated")

        type_ = cast(Literal["snapshot"], d.pop("type"))
        if type_ != "snapshot":
            raise ValueError(f"type must match const 'snapshot', got '{type_}'")

        me_snapshot_event = cls(
            challenges=challenges,
            cursor=cursor,
            games=games,
            truncated=truncated,
            type_=type_,
        )

        me_snapshot_event.additional_properties = d
        return me_snapshot_event

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
