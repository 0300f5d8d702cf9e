from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TournamentSummary")


@_attrs_define
class TournamentSummary:
    """A tournament in a list.

    Attributes:
        created_at (datetime.datetime):
        format_ (str): `round_robin`, `swiss` or `arena`.
        id (str):
        max_players (int):
        name (str):
        player_count (int):
        round_ (int):
        rounds (int | None):
        starts_at (datetime.datetime | None):
        status (str):
    """

    created_at: datetime.datetime
    format_: str
    id: str
    max_players: int
    name: str
    player_count: int
    round_: int
    rounds: int | None
    starts_at: datetime.datetime | None
    status: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        format_ = self.format_

        id = self.id

        max_players = self.max_players

        name = self.name

        player_count = self.player_count

        round_ = self.round_

        rounds: int | None
        rounds = self.rounds

        starts_at: None | str
        if isinstance(self.starts_at, datetime.datetime):
            starts_at = self.starts_at.isoformat()
        else:
            starts_at = self.starts_at

        status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "format": format_,
                "id": id,
                "max_players": max_players,
                "name": name,
                "player_count": player_count,
                "round": round_,
                "rounds": rounds,
                "starts_at": starts_at,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        format_ = d.pop("format")

        id = d.pop("id")

        max_players = d.pop("max_players")

        name = d.pop("name")

        player_count = d.pop("player_count")

        round_ = d.pop("round")

        def _parse_rounds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rounds = _parse_rounds(d.pop("rounds"))

        def _parse_starts_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                starts_at_type_0 = datetime.datetime.fromisoformat(data)

                return starts_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        starts_at = _parse_starts_at(d.pop("starts_at"))

        status = d.pop("status")

        tournament_summary = cls(
            created_at=created_at,
            format_=format_,
            id=id,
            max_players=max_players,
            name=name,
            player_count=player_count,
            round_=round_,
            rounds=rounds,
            starts_at=starts_at,
            status=status,
        )

        tournament_summary.additional_properties = d
        return tournament_summary

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
