from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.preset_rating_view import PresetRatingView


T = TypeVar("T", bound="RatingsView")


@_attrs_define
class RatingsView:
    """Ratings per preset; `null` where the player has finished no rated game.
    Games under a custom mix of rules are never rated.

        Attributes:
            classic (None | PresetRatingView):
            online (None | PresetRatingView):
            village (None | PresetRatingView):
    """

    classic: None | PresetRatingView
    online: None | PresetRatingView
    village: None | PresetRatingView
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.preset_rating_view import PresetRatingView  # noqa: PLC0415

        classic: dict[str, Any] | None
        if isinstance(self.classic, PresetRatingView):
            classic = self.classic.to_dict()
        else:
            classic = self.classic

        online: dict[str, Any] | None
        if isinstance(self.online, PresetRatingView):
            online = self.online.to_dict()
        else:
            online = self.online

        village: dict[str, Any] | None
        if isinstance(self.village, PresetRatingView):
            village = self.village.to_dict()
        else:
            village = self.village

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "classic": classic,
                "online": online,
                "village": village,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.preset_rating_view import PresetRatingView  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_classic(data: object) -> None | PresetRatingView:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                classic_type_1 = PresetRatingView.from_dict(data)

                return classic_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PresetRatingView, data)

        classic = _parse_classic(d.pop("classic"))

        def _parse_online(data: object) -> None | PresetRatingView:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                online_type_1 = PresetRatingView.from_dict(data)

                return online_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PresetRatingView, data)

        online = _parse_online(d.pop("online"))

        def _parse_village(data: object) -> None | PresetRatingView:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                village_type_1 = PresetRatingView.from_dict(data)

                return village_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PresetRatingView, data)

        village = _parse_village(d.pop("village"))

        ratings_view = cls(
            classic=classic,
            online=online,
            village=village,
        )

        ratings_view.additional_properties = d
        return ratings_view

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
