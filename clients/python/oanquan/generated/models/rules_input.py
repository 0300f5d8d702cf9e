from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.mandarin_setup_name import MandarinSetupName
from ..models.preset_name import PresetName
from ..models.refill_shortfall_name import RefillShortfallName
from ..types import UNSET, Unset

T = TypeVar("T", bound="RulesInput")


@_attrs_define
class RulesInput:
    """A ruleset: a preset (default `classic`) and any parameters that differ
    from it. See RULES.md §4 for each parameter.

        Example:
            {'max_plies': 200, 'preset': 'village'}

        Attributes:
            empty_mandarin_is_gap (bool | None | Unset):
            first_move_mandarin_ban (bool | None | Unset):
            mandarin_setup (MandarinSetupName | None | Unset):
            mandarin_value (int | None | Unset): 10 or 5 (5 only with `big_stone`).
            max_plies (int | None | Unset): 50..=2000.
            preset (None | PresetName | Unset):
            refill_shortfall (None | RefillShortfallName | Unset):
            young_mandarin_min (int | None | Unset): 0 (off) or 1..=10 (only with `big_stone`).
    """

    empty_mandarin_is_gap: bool | None | Unset = UNSET
    first_move_mandarin_ban: bool | None | Unset = UNSET
    mandarin_setup: MandarinSetupName | None | Unset = UNSET
    mandarin_value: int | None | Unset = UNSET
    max_plies: int | None | Unset = UNSET
    preset: None | PresetName | Unset = UNSET
    refill_shortfall: None | RefillShortfallName | Unset = UNSET
    young_mandarin_min: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        empty_mandarin_is_gap: bool | None | Unset
        if isinstance(self.empty_mandarin_is_gap, Unset):
            empty_mandarin_is_gap = UNSET
        else:
            empty_mandarin_is_gap = self.empty_mandarin_is_gap

        first_move_mandarin_ban: bool | None | Unset
        if isinstance(self.first_move_mandarin_ban, Unset):
            first_move_mandarin_ban = UNSET
        else:
            first_move_mandarin_ban = self.first_move_mandarin_ban

        mandarin_setup: None | str | Unset
        if isinstance(self.mandarin_setup, Unset):
            mandarin_setup = UNSET
        elif isinstance(self.mandarin_setup, MandarinSetupName):
            mandarin_setup = self.mandarin_setup.value
        else:
            mandarin_setup = self.mandarin_setup

        mandarin_value: int | None | Unset
        if isinstance(self.mandarin_value, Unset):
            mandarin_value = UNSET
        else:
            mandarin_value = self.mandarin_value

        max_plies: int | None | Unset
        if isinstance(self.max_plies, Unset):
            max_plies = UNSET
        else:
            max_plies = self.max_plies

        preset: None | str | Unset
        if isinstance(self.preset, Unset):
            preset = UNSET
        elif isinstance(self.preset, PresetName):
            preset = self.preset.value
        else:
            preset = self.preset

        refill_shortfall: None | str | Unset
        if isinstance(self.refill_shortfall, Unset):
            refill_shortfall = UNSET
        elif isinstance(self.refill_shortfall, RefillShortfallName):
            refill_shortfall = self.refill_shortfall.value
        else:
            refill_shortfall = self.refill_shortfall

        young_mandarin_min: int | None | Unset
        if isinstance(self.young_mandarin_min, Unset):
            young_mandarin_min = UNSET
        else:
            young_mandarin_min = self.young_mandarin_min

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if empty_mandarin_is_gap is not UNSET:
            field_dict["empty_mandarin_is_gap"] = empty_mandarin_is_gap
        if first_move_mandarin_ban is not UNSET:
            field_dict["first_move_mandarin_ban"] = first_move_mandarin_ban
        if mandarin_setup is not UNSET:
            field_dict["mandarin_setup"] = mandarin_setup
        if mandarin_value is not UNSET:
            field_dict["mandarin_value"] = mandarin_value
        if max_plies is not UNSET:
            field_dict["max_plies"] = max_plies
        if preset is not UNSET:
            field_dict["preset"] = preset
        if refill_shortfall is not UNSET:
            field_dict["refill_shortfall"] = refill_shortfall
        if young_mandarin_min is not UNSET:
            field_dict["young_mandarin_min"] = young_mandarin_min

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_empty_mandarin_is_gap(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        empty_mandarin_is_gap = _parse_empty_mandarin_is_gap(d.pop("empty_mandarin_is_gap", UNSET))

        def _parse_first_move_mandarin_ban(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        first_move_mandarin_ban = _parse_first_move_mandarin_ban(d.pop("first_move_mandarin_ban", UNSET))

        def _parse_mandarin_setup(data: object) -> MandarinSetupName | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                mandarin_setup_type_1 = MandarinSetupName(data)

                return mandarin_setup_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MandarinSetupName | None | Unset, data)

        mandarin_setup = _parse_mandarin_setup(d.pop("mandarin_setup", UNSET))

        def _parse_mandarin_value(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        mandarin_value = _parse_mandarin_value(d.pop("mandarin_value", UNSET))

        def _parse_max_plies(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_plies = _parse_max_plies(d.pop("max_plies", UNSET))

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

        def _parse_refill_shortfall(data: object) -> None | RefillShortfallName | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                refill_shortfall_type_1 = RefillShortfallName(data)

                return refill_shortfall_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RefillShortfallName | Unset, data)

        refill_shortfall = _parse_refill_shortfall(d.pop("refill_shortfall", UNSET))

        def _parse_young_mandarin_min(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        young_mandarin_min = _parse_young_mandarin_min(d.pop("young_mandarin_min", UNSET))

        rules_input = cls(
            empty_mandarin_is_gap=empty_mandarin_is_gap,
            first_move_mandarin_ban=first_move_mandarin_ban,
            mandarin_setup=mandarin_setup,
            mandarin_value=mandarin_value,
            max_plies=max_plies,
            preset=preset,
            refill_shortfall=refill_shortfall,
            young_mandarin_min=young_mandarin_min,
        )

        return rules_input
