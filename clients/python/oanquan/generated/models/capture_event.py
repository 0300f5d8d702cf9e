from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CaptureEvent")


@_attrs_define
class CaptureEvent:
    """The mover captures a square's small stones and its mandarin, if any.

    Attributes:
        mandarin (bool):
        square (int):
        stones (int):
        type_ (Literal['capture']):
    """

    mandarin: bool
    square: int
    stones: int
    type_: Literal["capture"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mandarin = self.mandarin

        square = self.square

        stones = self.stones

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "mandarin": mandarin,
                "square": square,
                "stones": stones,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mandarin = d.pop("mandarin")

        square = d.pop("square")

        stones = d.pop("stones")

        type_ = cast(Literal["capture"], d.pop("type"))
        if type_ != "capture":
            raise ValueError(f"type must match const 'capture', got '{type_}'")

        capture_event = cls(
            mandarin=mandarin,
            square=square,
            stones=stones,
            type_=type_,
        )

        capture_event.additional_properties = d
        return capture_event

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
