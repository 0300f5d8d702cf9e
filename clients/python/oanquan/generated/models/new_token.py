from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="NewToken")


@_attrs_define
class NewToken:
    """
    Attributes:
        label (str): What the token is for, as you will recognise it: 1 to 64 characters
            after trimming; any script or emoji, nothing invisible. Example: phone.
        scopes (list[str] | None | Unset): What the token may do (docs/API.md, "Token scopes"): one or more
            scopes, each at most once. Without it, every scope. Example: ['read', 'play'].
    """

    label: str
    scopes: list[str] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        label = self.label

        scopes: list[str] | None | Unset
        if isinstance(self.scopes, Unset):
            scopes = UNSET
        elif isinstance(self.scopes, list):
            scopes = self.scopes

        else:
            scopes = self.scopes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "label": label,
            }
        )
        if scopes is not UNSET:
            field_dict["scopes"] = scopes

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        label = d.pop("label")

        def _parse_scopes(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                scopes_type_0 = cast(list[str], data)

                return scopes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        scopes = _parse_scopes(d.pop("scopes", UNSET))

        new_token = cls(
            label=label,
            scopes=scopes,
        )

        return new_token
