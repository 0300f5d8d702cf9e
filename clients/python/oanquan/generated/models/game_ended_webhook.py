from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_ended_data import GameEndedData


T = TypeVar("T", bound="GameEndedWebhook")


@_attrs_define
class GameEndedWebhook:
    """The body of a `game.ended` delivery (Standard Webhooks).

    Attributes:
        data (GameEndedData): `game.ended`: the game is over, with its result.
        timestamp (datetime.datetime): When the event happened.
        type_ (Literal['game.ended']):
    """

    data: GameEndedData
    timestamp: datetime.datetime
    type_: Literal["game.ended"]
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
        from ..models.game_ended_data import GameEndedData  # noqa: PLC0415

        d = dict(src_dict)
        data = GameEndedData.from_dict(d.pop("data"))

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        type_ = cast(Literal["game.ended"], d.pop("type"))
        if type_ != "game.ended":
            raise ValueError(f"type must match const 'game.ended', got '{type_}'")

        game_ended_webhook = cls(
            data=data,
            timestamp=timestamp,
            type_=type_,
        )

        game_ended_webhook.additional_properties = d
        return game_ended_webhook

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
