from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_view import GameView


T = TypeVar("T", bound="LobbyCreatedEvent")


@_attrs_define
class LobbyCreatedEvent:
    """A game now waits for a second player.

    Attributes:
        game (GameView): A game: its rules, seats, current position and result.
        type_ (Literal['created']):
    """

    game: GameView
    type_: Literal["created"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = self.game.to_dict()

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_view import GameView  # noqa: PLC0415

        d = dict(src_dict)
        game = GameView.from_dict(d.pop("game"))

        type_ = cast(Literal["created"], d.pop("type"))
        if type_ != "created":
            raise ValueError(f"type must match const 'created', got '{type_}'")

        lobby_created_event = cls(
            game=game,
            type_=type_,
        )

        lobby_created_event.additional_properties = d
        return lobby_created_event

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
