from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scope import Scope

T = TypeVar("T", bound="CreatedToken")


@_attrs_define
class CreatedToken:
    """A new token. The token is shown only here.

    Example:
        {'created_at': '2025-01-31T08:30:00.123456Z', 'id': 'Xk3dE6gH9j', 'label': 'phone', 'scopes': ['read', 'play'],
            'token': 'oq_3q2-7wEXAMPLEtokenEXAMPLEtokenEXAMPLEtoke'}

    Attributes:
        created_at (datetime.datetime):
        id (str):
        label (str):
        scopes (list[Scope]): What the token may do.
        token (str): Send as `Authorization: Bearer <token>`. Store it: it cannot be shown again.
    """

    created_at: datetime.datetime
    id: str
    label: str
    scopes: list[Scope]
    token: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        id = self.id

        label = self.label

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)

        token = self.token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "id": id,
                "label": label,
                "scopes": scopes,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        id = d.pop("id")

        label = d.pop("label")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = Scope(scopes_item_data)

            scopes.append(scopes_item)

        token = d.pop("token")

        created_token = cls(
            created_at=created_at,
            id=id,
            label=label,
            scopes=scopes,
            token=token,
        )

        created_token.additional_properties = d
        return created_token

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
