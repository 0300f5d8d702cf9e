from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.entrant_view import EntrantView
    from ..models.pairing_view import PairingView
    from ..models.standing_view import StandingView
    from ..models.tournament_clock import TournamentClock
    from ..models.tournament_rules import TournamentRules


T = TypeVar("T", bound="TournamentView")


@_attrs_define
class TournamentView:
    """A tournament: its settings, players, pairings and standings.

    Attributes:
        clock (TournamentClock): A tournament's clock: Fischer, for every game.
        created_at (datetime.datetime):
        created_by (str):
        double (bool): A round-robin played twice, the seats swapped.
        duration_min (int | None): An arena's length in minutes; `null` in the other formats.
        ends_at (datetime.datetime | None): When a running arena stops pairing (its start plus `duration_min`);
            the games under way then are played out and count.
        finished_at (datetime.datetime | None):
        format_ (str): `round_robin`, `swiss` or `arena`.
        id (str):  Example: Tn4x9QzLp2.
        max_players (int):
        name (str):
        pairings (list[PairingView]): By round and board.
        players (list[EntrantView]): The players entered, by seed.
        rated (bool):
        round_ (int): The round paired last (0 before the start); in an arena, how many
            times players were paired.
        rounds (int | None): A Swiss's rounds; a round-robin's once it started.
        rules (TournamentRules): A tournament's rules: one of the presets (default `classic`).
        standings (list[StandingView]): Best first.
        started_at (datetime.datetime | None):
        starts_at (datetime.datetime | None):
        status (str): `registering`, `running`, `finished` or `cancelled`.
    """

    clock: TournamentClock
    created_at: datetime.datetime
    created_by: str
    double: bool
    duration_min: int | None
    ends_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    format_: str
    id: str
    max_players: int
    name: str
    pairings: list[PairingView]
    players: list[EntrantView]
    rated: bool
    round_: int
    rounds: int | None
    rules: TournamentRules
    standings: list[StandingView]
    started_at: datetime.datetime | None
    starts_at: datetime.datetime | None
    status: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        clock = self.clock.to_dict()

        created_at = self.created_at.isoformat()

        created_by = self.created_by

        double = self.double

        duration_min: int | None
        duration_min = self.duration_min

        ends_at: None | str
        if isinstance(self.ends_at, datetime.datetime):
            ends_at = self.ends_at.isoformat()
        else:
            ends_at = self.ends_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        format_ = self.format_

        id = self.id

        max_players = self.max_players

        name = self.name

        pairings = []
        for pairings_item_data in self.pairings:
            pairings_item = pairings_item_data.to_dict()
            pairings.append(pairings_item)

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        rated = self.rated

        round_ = self.round_

        rounds: int | None
        rounds = self.rounds

        rules = self.rules.to_dict()

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

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
                "clock": clock,
                "created_at": created_at,
                "created_by": created_by,
                "double": double,
                "duration_min": duration_min,
                "ends_at": ends_at,
                "finished_at": finished_at,
                "format": format_,
                "id": id,
                "max_players": max_players,
                "name": name,
                "pairings": pairings,
                "players": players,
                "rated": rated,
                "round": round_,
                "rounds": rounds,
                "rules": rules,
                "standings": standings,
                "started_at": started_at,
                "starts_at": starts_at,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.entrant_view import EntrantView  # noqa: PLC0415
        from ..models.pairing_view import PairingView  # noqa: PLC0415
        from ..models.standing_view import StandingView  # noqa: PLC0415
        from ..models.tournament_clock import TournamentClock  # noqa: PLC0415
        from ..models.tournament_rules import TournamentRules  # noqa: PLC0415

        d = dict(src_dict)
        clock = TournamentClock.from_dict(d.pop("clock"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        created_by = d.pop("created_by")

        double = d.pop("double")

        def _parse_duration_min(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        duration_min = _parse_duration_min(d.pop("duration_min"))

        def _parse_ends_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ends_at_type_0 = datetime.datetime.fromisoformat(data)

                return ends_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ends_at = _parse_ends_at(d.pop("ends_at"))

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

        format_ = d.pop("format")

        id = d.pop("id")

        max_players = d.pop("max_players")

        name = d.pop("name")

        pairings = []
        _pairings = d.pop("pairings")
        for pairings_item_data in _pairings:
            pairings_item = PairingView.from_dict(pairings_item_data)

            pairings.append(pairings_item)

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = EntrantView.from_dict(players_item_data)

            players.append(players_item)

        rated = d.pop("rated")

        round_ = d.pop("round")

        def _parse_rounds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rounds = _parse_rounds(d.pop("rounds"))

        rules = TournamentRules.from_dict(d.pop("rules"))

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

        tournament_view = cls(
            clock=clock,
            created_at=created_at,
            created_by=created_by,
            double=double,
            duration_min=duration_min,
            ends_at=ends_at,
            finished_at=finished_at,
            format_=format_,
            id=id,
            max_players=max_players,
            name=name,
            pairings=pairings,
            players=players,
            rated=rated,
            round_=round_,
            rounds=rounds,
            rules=rules,
            standings=standings,
            started_at=started_at,
            starts_at=starts_at,
            status=status,
        )

        tournament_view.additional_properties = d
        return tournament_view

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
