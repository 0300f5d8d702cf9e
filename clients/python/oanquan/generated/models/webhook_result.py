from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.webhook_scores import WebhookScores


T = TypeVar("T", bound="WebhookResult")


@_attrs_define
class WebhookResult:
    """How a game ended.

    Attributes:
        reason (str): Why it ended, e.g. `mandarins_captured`, `resignation`, `timeout`.
        scores (WebhookScores): The scores at the end of a game.
        winner (str): `south`, `north` or `draw`.
    """

    reason: str
    scores: WebhookScores
    winner: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        scores = self.scores.to_dict()

        winner = self.winner

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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
        from ..models.webhook_scores import WebhookScores  # noqa: PLC0415

        d = dict(src_dict)
        reason = d.pop("reason")

        scores = WebhookScores.from_dict(d.pop("scores"))

        winner = d.pop("winner")

        webhook_result = cls(
            reason=reason,
            scores=scores,
            winner=winner,
        )

        webhook_result.additional_properties = d
        return webhook_result

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
