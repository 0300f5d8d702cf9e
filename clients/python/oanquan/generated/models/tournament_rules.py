from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.preset_name import PresetName
from ..types import UNSET, Unset

T = TypeVar("T", bound="TournamentRules")


@_attrs_define
class TournamentRules:
    """A tournament's rules: one of the presets (default `classic`).

    Attributes:
        preset (None | PresetName | Unset):
    """

    preset: None | PresetName | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        preset: None | str | Unset
        if isinstance(self.preset, Unset):
            preset = UNSET
        elif isinstance(self.preset, PresetName):
            preset = self.preset.value
        else:
            preset = self.preset

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if preset is not UNSET:
            field_dict["preset"] = preset

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_preset(data: object) -> None | PresetName | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                preset_type_1 = PresetName(data)

                return preset_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PresetName | Unset, data)

        preset = _parse_preset(d.pop("preset", UNSET))

        tournament_rules = cls(
            preset=preset,
        )

        return tournament_rules
