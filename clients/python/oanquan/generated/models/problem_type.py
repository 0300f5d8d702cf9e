from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.problem_code import ProblemCode

T = TypeVar("T", bound="ProblemType")


@_attrs_define
class ProblemType:
    """What a problem `code` means: the target of every problem's `type`.

    Example:
        {'code': 'name_taken', 'description': 'Another player already has this name. Names are compared case-
            insensitively.', 'status': 409, 'title': 'Name already taken', 'type': '/problems/name_taken'}

    Attributes:
        code (ProblemCode): A problem's stable machine-readable code: the whole catalogue (`GET /problems/{code}`
            describes each).
        description (str):
        status (int): The HTTP status this problem is answered with.
        title (str):
        type_ (str):
    """

    code: ProblemCode
    description: str
    status: int
    title: str
    type_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        description = self.description

        status = self.status

        title = self.title

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "description": description,
                "status": status,
                "title": title,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = ProblemCode(d.pop("code"))

        description = d.pop("description")

        status = d.pop("status")

        title = d.pop("title")

        type_ = d.pop("type")

        problem_type = cls(
            code=code,
            description=description,
            status=status,
            title=title,
            type_=type_,
        )

        problem_type.additional_properties = d
        return problem_type

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
