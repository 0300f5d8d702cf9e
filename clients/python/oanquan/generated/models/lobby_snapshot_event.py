from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_view import GameView


T = TypeVar("T", bound="LobbySnapshotEvent")


@_attrs_define
class LobbySnapshotEvent:
    """The open games as they are, first on every lobby stream.

    Attributes:
        games (list[GameView]):
        type_ (Literal['snapshot']):
    """

    games: list[GameView]
    type_: Literal["snapshot"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        games = []
        for games_item_data in self.games:
            games_item = games_item_data.to_dict()
            games.append(games_item)

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "games": games,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_view import GameView  # noqa: PLC0415

        d = dict(src_dict)
        games = []
        _games = d.pop("games")
        for games_item_data in _games:
            games_item = GameView.from_dict(games_item_data)

            games.append(games_item)

        type_ = cast(Literal["snapshot"], d.pop("type"))
        if type_ != "snapshot":
            raise ValueError(f"type must match const 'snapshot', got '{type_}'")

        lobby_snapshot_event = cls(
            games=games,
            type_=type_,
        )

        lobby_snapshot_event.additional_properties = d
        return lobby_snapshot_event

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
