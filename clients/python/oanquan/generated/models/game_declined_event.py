from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.decline_reason import DeclineReason

T = TypeVar("T", bound="GameDeclinedEvent")


@_attrs_define
class GameDeclinedEvent:
    """The player challenged declined: the game is cancelled.

    Attributes:
        reason (DeclineReason): Why the player challenged declined: `generic`, `later` (not now), `too_fast`,
            `too_slow`, `time_control`, `rated` (they want a casual game), `casual` (they want a rated one), `rules`
            (another ruleset), `no_bot` (no games against bots), `only_bot` (a bot account that plays bots only).
        type_ (Literal['declined']):
        version (int):
    """

    reason: DeclineReason
    type_: Literal["declined"]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason.value

        type_ = self.type_

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reason": reason,
                "type": type_,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = DeclineReason(d.pop("reason"))

        type_ = cast(Literal["declined"], d.pop("type"))
        if type_ != "declined":
            raise ValueError(f"type must match const 'declined', got '{type_}'")

        version = d.pop("version")

        game_declined_event = cls(
            reason=reason,
            type_=type_,
            version=version,
        )

        game_declined_event.additional_properties = d
        return game_declined_event

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
