from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_move_data import GameMoveData


T = TypeVar("T", bound="GameMoveWebhook")


@_attrs_define
class GameMoveWebhook:
    """The body of a `game.move` delivery (Standard Webhooks).

    Attributes:
        data (GameMoveData): `game.move`: a move was played.
        timestamp (datetime.datetime): When the event happened.
        type_ (Literal['game.move']):
    """

    data: GameMoveData
    timestamp: datetime.datetime
    type_: Literal["game.move"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        timestamp = self.timestamp.isoformat()

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "timestamp": timestamp,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_move_data import GameMoveData  # noqa: PLC0415

        d = dict(src_dict)
        data = GameMoveData.from_dict(d.pop("data"))

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        type_ = cast(Literal["game.move"], d.pop("type"))
        if type_ != "game.move":
            raise ValueError(f"type must match const 'game.move', got '{type_}'")

        game_move_webhook = cls(
            data=data,
            timestamp=timestamp,
            type_=type_,
        )

        game_move_webhook.additional_properties = d
        return game_move_webhook

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
