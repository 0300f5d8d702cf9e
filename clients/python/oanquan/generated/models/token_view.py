from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scope import Scope

T = TypeVar("T", bound="TokenView")


@_attrs_define
class TokenView:
    """One of your tokens, without its secret.

    Attributes:
        created_at (datetime.datetime):
        current (bool): Whether it is the token this request came with.
        id (str):
        label (str):
        last_used_at (datetime.datetime | None): When it last authenticated a request, to the minute (it is recorded
            at most once a minute); `null` if never.
        scopes (list[Scope]): What the token may do.
    """

    created_at: datetime.datetime
    current: bool
    id: str
    label: str
    last_used_at: datetime.datetime | None
    scopes: list[Scope]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        current = self.current

        id = self.id

        label = self.label

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "current": current,
                "id": id,
                "label": label,
                "last_used_at": last_used_at,
                "scopes": scopes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        current = d.pop("current")

        id = d.pop("id")

        label = d.pop("label")

        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = Scope(scopes_item_data)

            scopes.append(scopes_item)

        token_view = cls(
            created_at=created_at,
            current=current,
            id=id,
            label=label,
            last_used_at=last_used_at,
            scopes=scopes,
        )

        token_view.additional_properties = d
        return token_view

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
