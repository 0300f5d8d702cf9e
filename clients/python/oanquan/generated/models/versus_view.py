from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.player_summary import PlayerSummary
    from ..models.record_view import RecordView


T = TypeVar("T", bound="VersusView")


@_attrs_define
class VersusView:
    """The head-to-head record of `player` against `opponent`, from `player`'s side.

    Example:
        {'all': {'draws': 0, 'games': 5, 'losses': 2, 'wins': 3}, 'last_played_at': '2025-01-31T08:30:00.123456Z',
            'opponent': {'bot': False, 'id': 'Zx8Yw7Vu6T', 'name': 'Minh'}, 'player': {'bot': False, 'id': 'aB3dE6gH9j',
            'name': 'Lan'}, 'rated': {'draws': 0, 'games': 4, 'losses': 2, 'wins': 2}}

    Attributes:
        all_ (RecordView): Games counted from one player's side.
        last_played_at (datetime.datetime | None): When the last of those games finished; `null` if they never played.
        opponent (PlayerSummary):
        player (PlayerSummary):
        rated (RecordView): Games counted from one player's side.
    """

    all_: RecordView
    last_played_at: datetime.datetime | None
    opponent: PlayerSummary
    player: PlayerSummary
    rated: RecordView
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        all_ = self.all_.to_dict()

        last_played_at: None | str
        if isinstance(self.last_played_at, datetime.datetime):
            last_played_at = self.last_played_at.isoformat()
        else:
            last_played_at = self.last_played_at

        opponent = self.opponent.to_dict()

        player = self.player.to_dict()

        rated = self.rated.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "all": all_,
                "last_played_at": last_played_at,
                "opponent": opponent,
                "player": player,
                "rated": rated,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_summary import PlayerSummary  # noqa: PLC0415
        from ..models.record_view import RecordView  # noqa: PLC0415

        d = dict(src_dict)
        all_ = RecordView.from_dict(d.pop("all"))

        def _parse_last_played_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_played_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_played_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_played_at = _parse_last_played_at(d.pop("last_played_at"))

        opponent = PlayerSummary.from_dict(d.pop("opponent"))

        player = PlayerSummary.from_dict(d.pop("player"))

        rated = RecordView.from_dict(d.pop("rated"))

        versus_view = cls(
            all_=all_,
            last_played_at=last_played_at,
            opponent=opponent,
            player=player,
            rated=rated,
        )

        versus_view.additional_properties = d
        return versus_view

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
