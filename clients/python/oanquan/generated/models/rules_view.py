from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.mandarin_setup_name import MandarinSetupName
from ..models.preset_name import PresetName
from ..models.refill_shortfall_name import RefillShortfallName

T = TypeVar("T", bound="RulesView")


@_attrs_define
class RulesView:
    """The ruleset in force, every parameter resolved.

    Example:
        {'empty_mandarin_is_gap': False, 'first_move_mandarin_ban': False, 'mandarin_setup': 'big_stone',
            'mandarin_value': 10, 'max_plies': 400, 'preset': 'classic', 'refill_shortfall': 'borrow', 'young_mandarin_min':
            0}

    Attributes:
        empty_mandarin_is_gap (bool):
        first_move_mandarin_ban (bool):
        mandarin_setup (MandarinSetupName):
        mandarin_value (int):
        max_plies (int):
        preset (None | PresetName):
        refill_shortfall (RefillShortfallName):
        young_mandarin_min (int):
    """

    empty_mandarin_is_gap: bool
    first_move_mandarin_ban: bool
    mandarin_setup: MandarinSetupName
    mandarin_value: int
    max_plies: int
    preset: None | PresetName
    refill_shortfall: RefillShortfallName
    young_mandarin_min: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        empty_mandarin_is_gap = self.empty_mandarin_is_gap

        first_move_mandarin_ban = self.first_move_mandarin_ban

        mandarin_setup = self.mandarin_setup.value

        mandarin_value = self.mandarin_value

        max_plies = self.max_plies

        preset: None | str
        if isinstance(self.preset, PresetName):
            preset = self.preset.value
        else:
            preset = self.preset

        refill_shortfall = self.refill_shortfall.value

        young_mandarin_min = self.young_mandarin_min

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "empty_mandarin_is_gap": empty_mandarin_is_gap,
                "first_move_mandarin_ban": first_move_mandarin_ban,
                "mandarin_setup": mandarin_setup,
                "mandarin_value": mandarin_value,
                "max_plies": max_plies,
                "preset": preset,
                "refill_shortfall": refill_shortfall,
                "young_mandarin_min": young_mandarin_min,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        empty_mandarin_is_gap = d.pop("empty_mandarin_is_gap")

        first_move_mandarin_ban = d.pop("first_move_mandarin_ban")

        mandarin_setup = MandarinSetupName(d.pop("mandarin_setup"))

        mandarin_value = d.pop("mandarin_value")

        max_plies = d.pop("max_plies")

        def _parse_preset(data: object) -> None | PresetName:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                preset_type_1 = PresetName(data)

                return preset_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PresetName, data)

        preset = _parse_preset(d.pop("preset"))

        refill_shortfall = RefillShortfallName(d.pop("refill_shortfall"))

        young_mandarin_min = d.pop("young_mandarin_min")

        rules_view = cls(
            empty_mandarin_is_gap=empty_mandarin_is_gap,
            first_move_mandarin_ban=first_move_mandarin_ban,
            mandarin_setup=mandarin_setup,
            mandarin_value=mandarin_value,
            max_plies=max_plies,
            preset=preset,
            refill_shortfall=refill_shortfall,
            young_mandarin_min=young_mandarin_min,
        )

        rules_view.additional_properties = d
        return rules_view

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
