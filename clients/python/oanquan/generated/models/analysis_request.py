from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.seat_name import SeatName
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rules_input import RulesInput


T = TypeVar("T", bound="AnalysisRequest")


@_attrs_define
class AnalysisRequest:
    """
    Example:
        {'moves': ['3L'], 'position': 'M0,0,0,1,4,2,0,2,3,0,0,4 s 16:0 18:1 40', 'rules': {'preset': 'classic'}}

    Attributes:
        first (None | SeatName | Unset):
        moves (list[str] | Unset): Moves in notation (`3R`), played in order; at most 2000.
        position (None | str | Unset): RULES.md position notation: 12 comma-separated squares, side to move, south
            store, north store, ply
        rules (RulesInput | Unset): A ruleset: a preset (default `classic`) and any parameters that differ
            from it. See RULES.md §4 for each parameter. Example: {'max_plies': 200, 'preset': 'village'}.
    """

    first: None | SeatName | Unset = UNSET
    moves: list[str] | Unset = UNSET
    position: None | str | Unset = UNSET
    rules: RulesInput | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        first: None | str | Unset
        if isinstance(self.first, Unset):
            first = UNSET
        elif isinstance(self.first, SeatName):
            first = self.first.value
        else:
            first = self.first

        moves: list[str] | Unset = UNSET
        if not isinstance(self.moves, Unset):
            moves = self.moves

        position: None | str | Unset
        if isinstance(self.position, Unset):
            position = UNSET
        else:
            position = self.position

        rules: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = self.rules.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if first is not UNSET:
            field_dict["first"] = first
        if moves is not UNSET:
            field_dict["moves"] = moves
        if position is not UNSET:
            field_dict["position"] = position
        if rules is not UNSET:
            field_dict["rules"] = rules

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rules_input import RulesInput  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_first(data: object) -> None | SeatName | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                first_type_1 = SeatName(data)

                return first_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatName | Unset, data)

        first = _parse_first(d.pop("first", UNSET))

        moves = cast(list[str], d.pop("moves", UNSET))

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

        analysis_request = cls(
            first=first,
            moves=moves,
            position=position,
            rules=rules,
        )

        return analysis_request
