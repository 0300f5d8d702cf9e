from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.challenge_view import ChallengeView


T = TypeVar("T", bound="ChallengeList")


@_attrs_define
class ChallengeList:
    """The open challenges to you and from you.

    Attributes:
        in_ (list[ChallengeView]): The pending challenges to you, newest first.
        out (list[ChallengeView]): The pending challenges you made, newest first.
        truncated (bool): Whether older ones were left out (the lists hold the newest 200 together).
    """

    in_: list[ChallengeView]
    out: list[ChallengeView]
    truncated: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        in_ = []
        for in_item_data in self.in_:
            in_item = in_item_data.to_dict()
            in_.append(in_item)

        out = []
        for out_item_data in self.out:
            out_item = out_item_data.to_dict()
            out.append(out_item)

        truncated = self.truncated

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "in": in_,
                "out": out,
                "truncated": truncated,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.challenge_view import ChallengeView  # noqa: PLC0415

        d = dict(src_dict)
        in_ = []
        _in_ = d.pop("in")
        for in_item_data in _in_:
            in_item = ChallengeView.from_dict(in_item_data)

            in_.append(in_item)

        out = []
        _out = d.pop("out")
        for out_item_data in _out:
            out_item = ChallengeView.from_dict(out_item_data)

            out.append(out_item)

        truncated = d.pop("truncated")

        challenge_list = cls(
            in_=in_,
            out=out,
            truncated=truncated,
        )

        challenge_list.additional_properties = d
        return challenge_list

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
