from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.problem_code import ProblemCode

T = TypeVar("T", bound="FieldError")


@_attrs_define
class FieldError:
    """One invalid field of a request body.

    Example:
        {'code': 'invalid_clock', 'detail': 'clock.initial_s is 0; it is 1 to 86400 seconds', 'pointer':
            '/clock/initial_s'}

    Attributes:
        code (ProblemCode): A problem's stable machine-readable code: the whole catalogue (`GET /problems/{code}`
            describes each).
        detail (str): What is wrong with the field.
        pointer (str): A JSON Pointer (RFC 6901) to the field in the request body:
            `/label`, `/scopes/1`, `/clock`.
    """

    code: ProblemCode
    detail: str
    pointer: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        detail = self.detail

        pointer = self.pointer

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "detail": detail,
                "pointer": pointer,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = ProblemCode(d.pop("code"))

        detail = d.pop("detail")

        pointer = d.pop("pointer")

        field_error = cls(
            code=code,
            detail=detail,
            pointer=pointer,
        )

        field_error.additional_properties = d
        return field_error

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
