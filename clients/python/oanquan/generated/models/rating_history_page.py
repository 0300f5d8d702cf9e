from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.preset_name import PresetName

if TYPE_CHECKING:
    from ..models.rating_change_view import RatingChangeView


T = TypeVar("T", bound="RatingHistoryPage")


@_attrs_define
class RatingHistoryPage:
    """A player's rating changes, newest first.

    Attributes:
        changes (list[RatingChangeView]):
        next_cursor (None | str): Pass as `cursor` for older changes; `null` when there are none.
        player_id (str):
        preset (None | PresetName):
    """

    changes: list[RatingChangeView]
    next_cursor: None | str
    player_id: str
    preset: None | PresetName
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        changes = []
        for changes_item_data in self.changes:
            changes_item = changes_item_data.to_dict()
            changes.append(changes_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        player_id = self.player_id

        preset: None | str
        if isinstance(self.preset, PresetName):
            preset = self.preset.value
        else:
            preset = self.preset

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "changes": changes,
                "next_cursor": next_cursor,
                "player_id": player_id,
                "preset": preset,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating_change_view import RatingChangeView  # noqa: PLC0415

        d = dict(src_dict)
        changes = []
        _changes = d.pop("changes")
        for changes_item_data in _changes:
            changes_item = RatingChangeView.from_dict(changes_item_data)

            changes.append(changes_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        player_id = d.pop("player_id")

        def _parse_preset(data: object) -> None | PresetName:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                preset_type_1 = PresetName(data)

                return preset_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PresetName, data)

        preset = _parse_preset(d.pop("preset"))

        rating_history_page = cls(
            changes=changes,
            next_cursor=next_cursor,
            player_id=player_id,
            preset=preset,
        )

        rating_history_page.additional_properties = d
        return rating_history_page

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
