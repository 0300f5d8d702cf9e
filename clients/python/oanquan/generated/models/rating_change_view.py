from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.preset_name import PresetName
from ..models.result_name import ResultName

if TYPE_CHECKING:
    from ..models.player_summary import PlayerSummary


T = TypeVar("T", bound="RatingChangeView")


@_attrs_define
class RatingChangeView:
    """One rating change: the player's rating before and after a rated game.

    Attributes:
        game_id (str):  Example: Gm4x9QzLp2.
        opponent (PlayerSummary):
        preset (PresetName):
        rated_at (datetime.datetime): When the game finished.
        rating_after (float):
        rating_before (float): Stored values before the game (RD before any growth for idle days).
        rd_after (float):
        rd_before (float):
        result (ResultName): `win`, `draw` or `loss`, from the player's side.
        volatility_after (float):
        volatility_before (float):
    """

    game_id: str
    opponent: PlayerSummary
    preset: PresetName
    rated_at: datetime.datetime
    rating_after: float
    rating_before: float
    rd_after: float
    rd_before: float
    result: ResultName
    volatility_after: float
    volatility_before: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        opponent = self.opponent.to_dict()

        preset = self.preset.value

        rated_at = self.rated_at.isoformat()

        rating_after = self.rating_after

        rating_before = self.rating_before

        rd_after = self.rd_after

        rd_before = self.rd_before

        result = self.result.value

        volatility_after = self.volatility_after

        volatility_before = self.volatility_before

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "opponent": opponent,
                "preset": preset,
                "rated_at": rated_at,
                "rating_after": rating_after,
                "rating_before": rating_before,
                "rd_after": rd_after,
                "rd_before": rd_before,
                "result": result,
                "volatility_after": volatility_after,
                "volatility_before": volatility_before,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_summary import PlayerSummary  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        opponent = PlayerSummary.from_dict(d.pop("opponent"))

        preset = PresetName(d.pop("preset"))

        rated_at = datetime.datetime.fromisoformat(d.pop("rated_at"))

        rating_after = d.pop("rating_after")

        rating_before = d.pop("rating_before")

        rd_after = d.pop("rd_after")

        rd_before = d.pop("rd_before")

        result = ResultName(d.pop("result"))

        volatility_after = d.pop("volatility_after")

        volatility_before = d.pop("volatility_before")

        rating_change_view = cls(
            game_id=game_id,
            opponent=opponent,
            preset=preset,
            rated_at=rated_at,
            rating_after=rating_after,
            rating_before=rating_before,
            rd_after=rd_after,
            rd_before=rd_before,
            result=result,
            volatility_after=volatility_after,
            volatility_before=volatility_before,
        )

        rating_change_view.additional_properties = d
        return rating_change_view

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
