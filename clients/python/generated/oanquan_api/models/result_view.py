from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.scores_view import ScoresView


T = TypeVar("T", bound="ResultView")


@_attrs_define
class ResultView:
    """How a finished game ended.

    Example:
        {'reason': 'mandarins_captured', 'scores': {'north': 37, 'south': 33}, 'winner': 'north'}

    Attributes:
        reason (str): `mandarins_captured`, `max_plies`, `forfeit`, `resignation` or `timeout`.
        scores (ScoresView): Scores per seat: store small stones + `mandarin_value` × mandarins.
        winner (str): `south`, `north` or `draw`.
    """

    reason: str
    scores: ScoresView
    winner: str

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        scores = self.scores.to_dict()

        winner = self.winner

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reason": reason,
                "scores": scores,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scores_view import ScoresView  # noqa: PLC0415

        d = dict(src_dict)
        reason = d.pop("reason")

        scores = ScoresView.from_dict(d.pop("scores"))

        winner = d.pop("winner")

        result_view = cls(
            reason=reason,
            scores=scores,
            winner=winner,
        )

        return result_view
