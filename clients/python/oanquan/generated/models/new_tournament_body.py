from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.tournament_clock import TournamentClock
    from ..models.tournament_rules import TournamentRules


T = TypeVar("T", bound="NewTournamentBody")


@_attrs_define
class NewTournamentBody:
    """A tournament to create.

    Example:
        {'clock': {'increment_s': 3, 'initial_s': 300}, 'format': 'swiss', 'max_players': 16, 'name': 'Club night',
            'rated': True, 'rounds': 3, 'rules': {'preset': 'classic'}}

    Attributes:
        clock (TournamentClock): A tournament's clock: Fischer, for every game.
        format_ (str): `round_robin`, `swiss` or `arena`.
        name (str): 1 to 64 characters.
        bots (list[str] | Unset): Built-in bots to enter (`GET /v1/bots`), by id, e.g. `botLevel03`. Example:
            ['botLevel03'].
        double (bool | Unset): A round-robin played twice, the seats swapped (default false).
        duration_min (int | None | Unset): An arena's length, 1 to 720 minutes (required for an arena,
            refused with the other formats).
        max_players (int | None | Unset): 2 to 32 (default 16).
        rated (bool | Unset): Its games are rated (those against bots never are).
        rounds (int | None | Unset): A Swiss's rounds, 1 to 15; none for a round-robin or an arena.
        rules (TournamentRules | Unset): A tournament's rules: one of the presets (default `classic`).
        starts_at (datetime.datetime | None | Unset): When it starts by itself, if it has two players or more then (it
            is
            cancelled otherwise); its creator may start it before.
    """

    clock: TournamentClock
    format_: str
    name: str
    bots: list[str] | Unset = UNSET
    double: bool | Unset = UNSET
    duration_min: int | None | Unset = UNSET
    max_players: int | None | Unset = UNSET
    rated: bool | Unset = UNSET
    rounds: int | None | Unset = UNSET
    rules: TournamentRules | Unset = UNSET
    starts_at: datetime.datetime | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        clock = self.clock.to_dict()

        format_ = self.format_

        name = self.name

        bots: list[str] | Unset = UNSET
        if not isinstance(self.bots, Unset):
            bots = self.bots

        double = self.double

        duration_min: int | None | Unset
        if isinstance(self.duration_min, Unset):
            duration_min = UNSET
        else:
            duration_min = self.duration_min

        max_players: int | None | Unset
        if isinstance(self.max_players, Unset):
            max_players = UNSET
        else:
            max_players = self.max_players

        rated = self.rated

        rounds: int | None | Unset
        if isinstance(self.rounds, Unset):
            rounds = UNSET
        else:
            rounds = self.rounds

        rules: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = self.rules.to_dict()

        starts_at: None | str | Unset
        if isinstance(self.starts_at, Unset):
            starts_at = UNSET
        elif isinstance(self.starts_at, datetime.datetime):
            starts_at = self.starts_at.isoformat()
        else:
            starts_at = self.starts_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "clock": clock,
                "format": format_,
                "name": name,
            }
        )
        if bots is not UNSET:
            field_dict["bots"] = bots
        if double is not UNSET:
            field_dict["double"] = double
        if duration_min is not UNSET:
            field_dict["duration_min"] = duration_min
        if max_players is not UNSET:
            field_dict["max_players"] = max_players
        if rated is not UNSET:
            field_dict["rated"] = rated
        if rounds is not UNSET:
            field_dict["rounds"] = rounds
        if rules is not UNSET:
            field_dict["rules"] = rules
        if starts_at is not UNSET:
            field_dict["starts_at"] = starts_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_clock import TournamentClock  # noqa: PLC0415
        from ..models.tournament_rules import TournamentRules  # noqa: PLC0415

        d = dict(src_dict)
        clock = TournamentClock.from_dict(d.pop("clock"))

        format_ = d.pop("format")

        name = d.pop("name")

        bots = cast(list[str], d.pop("bots", UNSET))

        double = d.pop("double", UNSET)

        def _parse_duration_min(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        duration_min = _parse_duration_min(d.pop("duration_min", UNSET))

        def _parse_max_players(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_players = _parse_max_players(d.pop("max_players", UNSET))

        rated = d.pop("rated", UNSET)

        def _parse_rounds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rounds = _parse_rounds(d.pop("rounds", UNSET))

        _rules = d.pop("rules", UNSET)
        rules: TournamentRules | Unset
        if isinstance(_rules, Unset):
            rules = UNSET
        else:
            rules = TournamentRules.from_dict(_rules)

        def _parse_starts_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                starts_at_type_0 = datetime.datetime.fromisoformat(data)

                return starts_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        starts_at = _parse_starts_at(d.pop("starts_at", UNSET))

        new_tournament_body = cls(
            clock=clock,
            format_=format_,
            name=name,
            bots=bots,
            double=double,
            duration_min=duration_min,
            max_players=max_players,
            rated=rated,
            rounds=rounds,
            rules=rules,
            starts_at=starts_at,
        )

        return new_tournament_body
