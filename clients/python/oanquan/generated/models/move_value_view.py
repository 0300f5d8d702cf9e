from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MoveValueView")


@_attrs_define
class MoveValueView:
    """
    Attributes:
        exact (bool): Whether `value` is the game-theoretic value (every line searched to the end).
        move (str):  Example: 3R.
        value (float): The final score difference (mover minus opponent) expected after this move.
    """

    exact: bool
    move: str
    value: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        exact = self.exact

        move = self.move

        value = self.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "exact": exact,
                "move": move,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        exact = d.pop("exact")

        move = d.pop("move")

        value = d.pop("value")

        move_value_view = cls(
            exact=exact,
            move=move,
            value=value,
        )

        move_value_view.additional_properties = d
        return move_value_view

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
