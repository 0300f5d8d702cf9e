from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.analysed_move import AnalysedMove
    from ..models.analysis_start import AnalysisStart
    from ..models.position_view import PositionView
    from ..models.result_view import ResultView
    from ..models.rules_view import RulesView


T = TypeVar("T", bound="AnalysisResponse")


@_attrs_define
class AnalysisResponse:
    """
    Attributes:
        final (PositionView): A position: its notation string and the same content spelled out.
        moves (list[AnalysedMove]): Each move with its events and the position and scores after it.
        result (None | ResultView):
        rules (RulesView): The ruleset in force, every parameter resolved. Example: {'empty_mandarin_is_gap': False,
            'first_move_mandarin_ban': False, 'mandarin_setup': 'big_stone', 'mandarin_value': 10, 'max_plies': 400,
            'preset': 'classic', 'refill_shortfall': 'borrow', 'young_mandarin_min': 0}.
        start (AnalysisStart): The start, after any refill a custom position needs at once.
    """

    final: PositionView
    moves: list[AnalysedMove]
    result: None | ResultView
    rules: RulesView
    start: AnalysisStart
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.result_view import ResultView  # noqa: PLC0415

        final = self.final.to_dict()

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        result: dict[str, Any] | None
        if isinstance(self.result, ResultView):
            result = self.result.to_dict()
        else:
            result = self.result

        rules = self.rules.to_dict()

        start = self.start.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "final": final,
                "moves": moves,
                "result": result,
                "rules": rules,
                "start": start,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.analysed_move import AnalysedMove  # noqa: PLC0415
        from ..models.analysis_start import AnalysisStart  # noqa: PLC0415
        from ..models.position_view import PositionView  # noqa: PLC0415
        from ..models.result_view import ResultView  # noqa: PLC0415
        from ..models.rules_view import RulesView  # noqa: PLC0415

        d = dict(src_dict)
        final = PositionView.from_dict(d.pop("final"))

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = AnalysedMove.from_dict(moves_item_data)

            moves.append(moves_item)

        def _parse_result(data: object) -> None | ResultView:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_1 = ResultView.from_dict(data)

                return result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ResultView, data)

        result = _parse_result(d.pop("result"))

        rules = RulesView.from_dict(d.pop("rules"))

        start = AnalysisStart.from_dict(d.pop("start"))

        analysis_response = cls(
            final=final,
            moves=moves,
            result=result,
            rules=rules,
            start=start,
        )

        analysis_response.additional_properties = d
        return analysis_response

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
