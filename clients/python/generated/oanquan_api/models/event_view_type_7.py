from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_view_type_7_type import EventViewType7Type

if TYPE_CHECKING:
    from ..models.scores_view import ScoresView
    from ..models.sweep_view import SweepView


T = TypeVar("T", bound="EventViewType7")


@_attrs_define
class EventViewType7:
    """The game is over. `sweep` is what each row added to its owner's store
    (zero for a forfeit or resignation).

        Attributes:
            reason (str):
            scores (ScoresView): Scores per seat: store small stones + `mandarin_value` × mandarins.
            sweep (SweepView):
            type_ (EventViewType7Type):
            winner (str): `south`, `north` or `draw`.
    """

    reason: str
    scores: ScoresView
    sweep: SweepView
    type_: EventViewType7Type
    winner: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        scores = self.scores.to_dict()

        sweep = self.sweep.to_dict()

        type_ = self.type_.value

        winner = self.winner

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
        reason = d.pop("reason")

        scores = ScoresView.from_dict(d.pop("scores"))

        sweep = SweepView.from_dict(d.pop("sweep"))

        type_ = EventViewType7Type(d.pop("type"))

        winner = d.pop("winner")

        event_view_type_7 = cls(
            reason=reason,
            scores=scores,
            sweep=sweep,
            type_=type_,
            winner=winner,
        )

        event_view_type_7.additional_properties = d
        return event_view_type_7

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
