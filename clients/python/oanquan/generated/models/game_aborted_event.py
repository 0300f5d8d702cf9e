from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.abort_reason import AbortReason

T = TypeVar("T", bound="GameAbortedEvent")


@_attrs_define
class GameAbortedEvent:
    """The game was aborted before it counted.

    Attributes:
        reason (AbortReason): Why an `aborted` game was aborted: `requested`, `no_first_move`, `timeout` or
            `resignation` (what ended it before each side made two moves).
        type_ (Literal['aborted']):
        version (int):
    """

    reason: AbortReason
    type_: Literal["aborted"]
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
        reason = AbortReason(d.pop("reason"))

        type_ = cast(Literal["aborted"], d.pop("type"))
        if type_ != "aborted":
            raise ValueError(f"type must match const 'aborted', got '{type_}'")

        version = d.pop("version")

        game_aborted_event = cls(
            reason=reason,
            type_=type_,
            version=version,
        )

        game_aborted_event.additional_properties = d
        return game_aborted_event

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
