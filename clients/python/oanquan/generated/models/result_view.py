from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.end_reason import EndReason
from ..models.winner import Winner

if TYPE_CHECKING:
    from ..models.scores_view import ScoresView


T = TypeVar("T", bound="ResultView")


@_attrs_define
class ResultView:
    """How a finished game ended.

    Example:
        {'reason': 'mandarins_captured', 'scores': {'north': 37, 'south': 33}, 'winner': 'north'}

    Attributes:
        reason (EndReason): Why a game ended: both mandarins captured, the ply limit, a forfeit (no stones to refill
            with), a resignation or the clock.
        scores (ScoresView): Scores per seat: store small stones + `mandarin_value` × mandarins.
        winner (Winner): The winning seat, or `draw`.
    """

    reason: EndReason
    scores: ScoresView
    winner: Winner

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason.value

        scores = self.scores.to_dict()

        winner = self.winner.value

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
        reason = EndReason(d.pop("reason"))

        scores = ScoresView.from_dict(d.pop("scores"))

        winner = Winner(d.pop("winner"))

        result_view = cls(
            reason=reason,
            scores=scores,
            winner=winner,
        )

        return result_view
