from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rules_input import RulesInput


T = TypeVar("T", bound="BestMoveRequest")


@_attrs_define
class BestMoveRequest:
    """
    Example:
        {'position': 'M5,0,0,1,0,0,M3,0,4,0,0,2 s 0:0 0:0 20', 'rules': {'preset': 'classic'}, 'time_ms': 200}

    Attributes:
        depth (int | None | Unset): Deepest iteration, in plies (1..=96); within the time.
        level (int | None | Unset): Playing strength 1..=7 (default 7, the strongest); the weaker levels
            search less and choose `best_move` with some randomness.
        position (None | str | Unset): RULES.md position notation: 12 comma-separated squares, side to move, south
            store, north store, ply
        rules (RulesInput | Unset): A ruleset: a preset (default `classic`) and any parameters that differ
            from it. See RULES.md §4 for each parameter. Example: {'max_plies': 200, 'preset': 'village'}.
        seed (int | None | Unset): Seeds the tie-breaks and a weak level's randomness (default 0).
        time_ms (int | None | Unset): Search time in milliseconds, 1..=2000 (default 500). The search
            stops earlier when the value is exact.
    """

    depth: int | None | Unset = UNSET
    level: int | None | Unset = UNSET
    position: None | str | Unset = UNSET
    rules: RulesInput | Unset = UNSET
    seed: int | None | Unset = UNSET
    time_ms: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        depth: int | None | Unset
        if isinstance(self.depth, Unset):
            depth = UNSET
        else:
            depth = self.depth

        level: int | None | Unset
        if isinstance(self.level, Unset):
            level = UNSET
        else:
            level = self.level

        position: None | str | Unset
        if isinstance(self.position, Unset):
            position = UNSET
        else:
            position = self.position

        rules: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = self.rules.to_dict()

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        time_ms: int | None | Unset
        if isinstance(self.time_ms, Unset):
            time_ms = UNSET
        else:
            time_ms = self.time_ms

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if depth is not UNSET:
            field_dict["depth"] = depth
        if level is not UNSET:
            field_dict["level"] = level
        if position is not UNSET:
            field_dict["position"] = position
        if rules is not UNSET:
            field_dict["rules"] = rules
        if seed is not UNSET:
            field_dict["seed"] = seed
        if time_ms is not UNSET:
            field_dict["time_ms"] = time_ms

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rules_input import RulesInput  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_depth(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        depth = _parse_depth(d.pop("depth", UNSET))

        def _parse_level(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        level = _parse_level(d.pop("level", UNSET))

        def _parse_position(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        position = _parse_position(d.pop("position", UNSET))

        _rules = d.pop("rules", UNSET)
        rules: RulesInput | Unset
        if isinstance(_rules, Unset):
            rules = UNSET
        else:
            rules = RulesInput.from_dict(_rules)

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        def _parse_time_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        time_ms = _parse_time_ms(d.pop("time_ms", UNSET))

        best_move_request = cls(
            depth=depth,
            level=level,
            position=position,
            rules=rules,
            seed=seed,
            time_ms=time_ms,
        )

        return best_move_request
