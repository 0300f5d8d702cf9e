from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.token_view import TokenView


T = TypeVar("T", bound="TokenList")


@_attrs_define
class TokenList:
    """Your tokens, oldest first.

    Example:
        {'tokens': [{'created_at': '2025-01-31T08:30:00.123456Z', 'current': True, 'id': 'aB3dE6gH9j', 'label':
            'registration', 'last_used_at': '2025-02-02T19:04:10.5Z', 'scopes': ['read', 'play', 'challenge', 'webhooks',
            'tokens']}, {'created_at': '2025-02-01T10:00:00Z', 'current': False, 'id': 'Xk3dE6gH9j', 'label': 'bot script',
            'last_used_at': None, 'scopes': ['read', 'play', 'challenge']}]}

    Attributes:
        tokens (list[TokenView]):
    """

    tokens: list[TokenView]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tokens = []
        for tokens_item_data in self.tokens:
            tokens_item = tokens_item_data.to_dict()
            tokens.append(tokens_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tokens": tokens,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.token_view import TokenView  # noqa: PLC0415

        d = dict(src_dict)
        tokens = []
        _tokens = d.pop("tokens")
        for tokens_item_data in _tokens:
            tokens_item = TokenView.from_dict(tokens_item_data)

            tokens.append(tokens_item)

        token_list = cls(
            tokens=tokens,
        )

        token_list.additional_properties = d
        return token_list

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
