from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.webhook_result import WebhookResult


T = TypeVar("T", bound="GameEndedData")


@_attrs_define
class GameEndedData:
    """`game.ended`: the game is over, with its result.

    Attributes:
        game_id (str):
        result (WebhookResult): How a game ended.
        status (str): The game's status now (`finished`).
        version (int):
    """

    game_id: str
    result: WebhookResult
    status: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        result = self.result.to_dict()

        status = self.status

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "result": result,
                "status": status,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_result import WebhookResult  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        result = WebhookResult.from_dict(d.pop("result"))

        status = d.pop("status")

        version = d.pop("version")

        game_ended_data = cls(
            game_id=game_id,
            result=result,
            status=status,
            version=version,
        )

        game_ended_data.additional_properties = d
        return game_ended_data

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
