from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.standing_view import StandingView


T = TypeVar("T", bound="TournamentFinishedEvent")


@_attrs_define
class TournamentFinishedEvent:
    """The tournament finished (or was cancelled): the final standings. The
    stream's last message.

        Attributes:
            finished_at (datetime.datetime | None):
            round_ (int):
            rounds (int | None):
            standings (list[StandingView]): Best first.
            status (str): `finished` or `cancelled`.
            type_ (Literal['finished']):
            version (int): One more than the message before.
    """

    finished_at: datetime.datetime | None
    round_: int
    rounds: int | None
    standings: list[StandingView]
    status: str
    type_: Literal["finished"]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        round_ = self.round_

        rounds: int | None
        rounds = self.rounds

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        status = self.status

        type_ = self.type_

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "finished_at": finished_at,
                "round": round_,
                "rounds": rounds,
                "standings": standings,
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

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

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

        status = d.pop("status")

        type_ = cast(Literal["finished"], d.pop("type"))
        if type_ != "finished":
            raise ValueError(f"type must match const 'finished', got '{type_}'")

        version = d.pop("version")

        tournament_finished_event = cls(
            finished_at=finished_at,
            round_=round_,
            rounds=rounds,
            standings=standings,
            status=status,
            type_=type_,
            version=version,
        )

        tournament_finished_event.additional_properties = d
        return tournament_finished_event

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
