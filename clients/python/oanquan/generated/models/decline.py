from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.decline_reason import DeclineReason
from ..types import UNSET, Unset

T = TypeVar("T", bound="Decline")


@_attrs_define
class Decline:
    """Why you decline; every field is optional.

    Example:
        {'reason': 'later'}

    Attributes:
        reason (DeclineReason | None | Unset):
    """

    reason: DeclineReason | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        elif isinstance(self.reason, DeclineReason):
            reason = self.reason.value
        else:
            reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_reason(data: object) -> DeclineReason | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reason_type_1 = DeclineReason(data)

                return reason_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DeclineReason | None | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))

        decline = cls(
            reason=reason,
        )

        return decline
