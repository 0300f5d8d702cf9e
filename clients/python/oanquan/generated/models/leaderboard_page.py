from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.preset_name import PresetName

if TYPE_CHECKING:
    from ..models.leaderboard_entry import LeaderboardEntry


T = TypeVar("T", bound="LeaderboardPage")


@_attrs_define
class LeaderboardPage:
    """A page of a leaderboard, best first.

    Attributes:
        entries (list[LeaderboardEntry]):
        next_cursor (None | str): Pass as `cursor` for the page below this one; `null` at the bottom.
        preset (PresetName):
        prev_cursor (None | str): Pass as `cursor` for the page above this one; `null` at the top.
    """

    entries: list[LeaderboardEntry]
    next_cursor: None | str
    preset: PresetName
    prev_cursor: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        preset = self.preset.value

        prev_cursor: None | str
        prev_cursor = self.prev_cursor

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "entries": entries,
                "next_cursor": next_cursor,
                "preset": preset,
                "prev_cursor": prev_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.leaderboard_entry import LeaderboardEntry  # noqa: PLC0415

        d = dict(src_dict)
        entries = []
        _entries = d.pop("entries")
        for entries_item_data in _entries:
            entries_item = LeaderboardEntry.from_dict(entries_item_data)

            entries.append(entries_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        preset = PresetName(d.pop("preset"))

        def _parse_prev_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        prev_cursor = _parse_prev_cursor(d.pop("prev_cursor"))

        leaderboard_page = cls(
            entries=entries,
            next_cursor=next_cursor,
            preset=preset,
            prev_cursor=prev_cursor,
        )

        leaderboard_page.additional_properties = d
        return leaderboard_page

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
