from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.standing_view import StandingView


T = TypeVar("T", bound="TournamentStandingsEvent")


@_attrs_define
class TournamentStandingsEvent:
    """The standings after the results before, or as it starts.

    Attributes:
        round_ (int): The round paired last.
        rounds (int | None): A Swiss's rounds; a round-robin's once it started.
        standings (list[StandingView]): Best first.
        started_at (datetime.datetime | None):
        status (str): `running`.
        type_ (Literal['standings']):
        version (int): The version of the message before (or of the snapshot).
    """

    round_: int
    rounds: int | None
    standings: list[StandingView]
    started_at: datetime.datetime | None
    status: str
    type_: Literal["standings"]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        rounds: int | None
        rounds = self.rounds

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        status = self.status

        type_ = self.type_

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "round": round_,
                "rounds": rounds,
                "standings": standings,
                "started_at": started_at,
                "status": status,
                "type": type_,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.standing_view import StandingView  # noqa: PLC0415

        d = dict(src_dict)
        round_ = d.pop("round")

        def _parse_rounds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rounds = _parse_rounds(d.pop("rounds"))

        standings = []
        _standings = d.pop("standings")
        for standings_item_data in _standings:
            standings_item = StandingView.from_dict(standings_item_data)

            standings.append(standings_item)

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))

        status = d.pop("status")

        type_ = cast(Literal["standings"], d.pop("type"))
        if type_ != "standings":
            raise ValueError(f"type must match const 'standings', got '{type_}'")

        version = d.pop("version")

        tournament_standings_event = cls(
            round_=round_,
            rounds=rounds,
            standings=standings,
            started_at=started_at,
            status=status,
            type_=type_,
            version=version,
        )

        tournament_standings_event.additional_properties = d
        return tournament_standings_event

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
