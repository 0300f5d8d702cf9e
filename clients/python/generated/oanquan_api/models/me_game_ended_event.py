from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.result_view import ResultView


T = TypeVar("T", bound="MeGameEndedEvent")


@_attrs_define
class MeGameEndedEvent:
    """One of your games (or a challenge to you) is over.

    Attributes:
        game_id (str):
        status (str):  Example: finished.
        version (int):
        result (None | ResultView | Unset):
    """

    game_id: str
    status: str
    version: int
    result: None | ResultView | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.result_view import ResultView  # noqa: PLC0415

        game_id = self.game_id

        status = self.status

        version = self.version

        result: dict[str, Any] | None | Unset
        if isinstance(self.result, Unset):
            result = UNSET
        elif isinstance(self.result, ResultView):
            result = self.result.to_dict()
        else:
            result = self.result

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "status": status,
                "version": version,
            }
        )
        if result is not UNSET:
            field_dict["result"] = result

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.result_view import ResultView  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        status = d.pop("status")

        version = d.pop("version")

        def _parse_result(data: object) -> None | ResultView | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_1 = ResultView.from_dict(data)

                return result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ResultView | Unset, data)

        result = _parse_result(d.pop("result", UNSET))

        me_game_ended_event = cls(
            game_id=game_id,
            status=status,
            version=version,
            result=result,
        )

        me_game_ended_event.additional_properties = d
        return me_game_ended_event

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
