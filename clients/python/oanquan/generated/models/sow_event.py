from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SowEvent")


@_attrs_define
class SowEvent:
    """The stones in hand are dropped one per square from `from` to `to`
    inclusive, in the move's direction. With 12 or more stones the sowing
    laps the ring (every square gets `stones / 12`, and the first
    `stones % 12` squares from `from` one more).

        Attributes:
            from_ (int):
            stones (int):
            to (int):
            type_ (Literal['sow']):
    """

    from_: int
    stones: int
    to: int
    type_: Literal["sow"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from_ = self.from_

        stones = self.stones

        to = self.to

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "from": from_,
                "stones": stones,
                "to": to,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        from_ = d.pop("from")

        stones = d.pop("stones")

        to = d.pop("to")

        type_ = cast(Literal["sow"], d.pop("type"))
        if type_ != "sow":
            raise ValueError(f"type must match const 'sow', got '{type_}'")

        sow_event = cls(
            from_=from_,
            stones=stones,
            to=to,
            type_=type_,
        )

        sow_event.additional_properties = d
        return sow_event

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
