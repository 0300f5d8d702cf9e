from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.preset_rating_view import PresetRatingView


T = TypeVar("T", bound="RatingsView")


@_attrs_define
class RatingsView:
    """Ratings per preset; `null` where the player has finished no rated game.
    Games under a custom mix of rules are never rated.

        Attributes:
            classic (None | PresetRatingView | Unset):
            online (None | PresetRatingView | Unset):
            village (None | PresetRatingView | Unset):
    """

    classic: None | PresetRatingView | Unset = UNSET
    online: None | PresetRatingView | Unset = UNSET
    village: None | PresetRatingView | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.preset_rating_view import PresetRatingView  # noqa: PLC0415

        classic: dict[str, Any] | None | Unset
        if isinstance(self.classic, Unset):
            classic = UNSET
        elif isinstance(self.classic, PresetRatingView):
            classic = self.classic.to_dict()
        else:
            classic = self.classic

        online: dict[str, Any] | None | Unset
        if isinstance(self.online, Unset):
            online = UNSET
        elif isinstance(self.online, PresetRatingView):
            online = self.online.to_dict()
        else:
            online = self.online

        village: dict[str, Any] | None | Unset
        if isinstance(self.village, Unset):
            village = UNSET
        elif isinstance(self.village, PresetRatingView):
            village = self.village.to_dict()
        else:
            village = self.village

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if classic is not UNSET:
            field_dict["classic"] = classic
        if online is not UNSET:
            field_dict["online"] = online
        if village is not UNSET:
            field_dict["village"] = village

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.preset_rating_view import PresetRatingView  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_classic(data: object) -> None | PresetRatingView | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                classic_type_1 = PresetRatingView.from_dict(data)

                return classic_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PresetRatingView | Unset, data)

        classic = _parse_classic(d.pop("classic", UNSET))

        def _parse_online(data: object) -> None | PresetRatingView | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                online_type_1 = PresetRatingView.from_dict(data)

                return online_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PresetRatingView | Unset, data)

        online = _parse_online(d.pop("online", UNSET))

        def _parse_village(data: object) -> None | PresetRatingView | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                village_type_1 = PresetRatingView.from_dict(data)

                return village_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PresetRatingView | Unset, data)

        village = _parse_village(d.pop("village", UNSET))

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
