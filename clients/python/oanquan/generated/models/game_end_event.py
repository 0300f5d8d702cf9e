from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.end_reason import EndReason
from ..models.winner import Winner

if TYPE_CHECKING:
    from ..models.scores_view import ScoresView
    from ..models.sweep_view import SweepView


T = TypeVar("T", bound="GameEndEvent")


@_attrs_define
class GameEndEvent:
    """The game is over. `sweep` is what each row added to its owner's store
    (zero for a forfeit or resignation).

        Attributes:
            reason (EndReason): Why a game ended: both mandarins captured, the ply limit, a forfeit (no stones to refill
                with), a resignation or the clock.
            scores (ScoresView): Scores per seat: store small stones + `mandarin_value` × mandarins.
            sweep (SweepView):
            type_ (Literal['game_end']):
            winner (Winner): The winning seat, or `draw`.
    """

    reason: EndReason
    scores: ScoresView
    sweep: SweepView
    type_: Literal["game_end"]
    winner: Winner
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason.value

        scores = self.scores.to_dict()

        sweep = self.sweep.to_dict()

        type_ = self.type_

        winner = self.winner.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reason": reason,
                "scores": scores,
                "sweep": sweep,
                "type": type_,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scores_view import ScoresView  # noqa: PLC0415
        from ..models.sweep_view import SweepView  # noqa: PLC0415

        d = dict(src_dict)
        reason = EndReason(d.pop("reason"))

        scores = ScoresView.from_dict(d.pop("scores"))

        sweep = SweepView.from_dict(d.pop("sweep"))

        type_ = cast(Literal["game_end"], d.pop("type"))
        if type_ != "game_end":
            raise ValueError(f"type must match const 'game_end', got '{type_}'")

        winner = Winner(d.pop("winner"))

        game_end_event = cls(
            reason=reason,
            scores=scores,
            sweep=sweep,
            type_=type_,
            winner=winner,
        )

        game_end_event.additional_properties = d
        return game_end_event

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
