from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_aborted_data import GameAbortedData


T = TypeVar("T", bound="GameAbortedWebhook")


@_attrs_define
class GameAbortedWebhook:
    """The body of a `game.aborted` delivery (Standard Webhooks).

    Attributes:
        data (GameAbortedData): `game.aborted`: the game was aborted before it counted.
        timestamp (datetime.datetime): When the event happened.
        type_ (Literal['game.aborted']):
    """

    data: GameAbortedData
    timestamp: datetime.datetime
    type_: Literal["game.aborted"]
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
        from ..models.game_aborted_data import GameAbortedData  # noqa: PLC0415

        d = dict(src_dict)
        data = GameAbortedData.from_dict(d.pop("data"))

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        type_ = cast(Literal["game.aborted"], d.pop("type"))
        if type_ != "game.aborted":
            raise ValueError(f"type must match const 'game.aborted', got '{type_}'")

        game_aborted_webhook = cls(
            data=data,
            timestamp=timestamp,
            type_=type_,
        )

        game_aborted_webhook.additional_properties = d
        return game_aborted_webhook

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
