from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.seat_choice import SeatChoice
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.correspondence_clock import CorrespondenceClock
    from ..models.real_time_clock import RealTimeClock
    from ..models.rules_input import RulesInput


T = TypeVar("T", bound="NewChallenge")


@_attrs_define
class NewChallenge:
    """A challenge to a player: the game to make for them.

    Example:
        {'clock': {'increment_s': 3, 'initial_s': 300}, 'opponent': 'aB3dE6gH9j', 'rated': True, 'rules': {'preset':
            'classic'}, 'seat': 'south'}

    Attributes:
        opponent (str): The id of the player challenged (a person or a bot account; the
            built-in bots take games at once through `POST /v1/games`). Example: aB3dE6gH9j.
        clock (CorrespondenceClock | None | RealTimeClock | Unset):
        first (None | SeatChoice | Unset):
        position (None | str | Unset): RULES.md position notation: 12 comma-separated squares, side to move, south
            store, north store, ply
        rated (bool | Unset): Ask for a rated game (the rules of `POST /v1/games` apply).
        rules (RulesInput | Unset): A ruleset: a preset (default `classic`) and any parameters that differ
            from it. See RULES.md §4 for each parameter. Example: {'max_plies': 200, 'preset': 'village'}.
        seat (SeatChoice | Unset): A seat, or a coin toss.
    """

    opponent: str
    clock: CorrespondenceClock | None | RealTimeClock | Unset = UNSET
    first: None | SeatChoice | Unset = UNSET
    position: None | str | Unset = UNSET
    rated: bool | Unset = UNSET
    rules: RulesInput | Unset = UNSET
    seat: SeatChoice | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.correspondence_clock import CorrespondenceClock  # noqa: PLC0415
        from ..models.real_time_clock import RealTimeClock  # noqa: PLC0415

        opponent = self.opponent

        clock: dict[str, Any] | None | Unset
        if isinstance(self.clock, Unset):
            clock = UNSET
        elif isinstance(self.clock, RealTimeClock):
            clock = self.clock.to_dict()
        elif isinstance(self.clock, CorrespondenceClock):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        first: None | str | Unset
        if isinstance(self.first, Unset):
            first = UNSET
        elif isinstance(self.first, SeatChoice):
            first = self.first.value
        else:
            first = self.first

        position: None | str | Unset
        if isinstance(self.position, Unset):
            position = UNSET
        else:
            position = self.position

        rated = self.rated

        rules: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = self.rules.to_dict()

        seat: str | Unset = UNSET
        if not isinstance(self.seat, Unset):
            seat = self.seat.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "opponent": opponent,
            }
        )
        if clock is not UNSET:
            field_dict["clock"] = clock
        if first is not UNSET:
            field_dict["first"] = first
        if position is not UNSET:
            field_dict["position"] = position
        if rated is not UNSET:
            field_dict["rated"] = rated
        if rules is not UNSET:
            field_dict["rules"] = rules
        if seat is not UNSET:
            field_dict["seat"] = seat

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.correspondence_clock import CorrespondenceClock  # noqa: PLC0415
        from ..models.real_time_clock import RealTimeClock  # noqa: PLC0415
        from ..models.rules_input import RulesInput  # noqa: PLC0415

        d = dict(src_dict)
        opponent = d.pop("opponent")

        def _parse_clock(data: object) -> CorrespondenceClock | None | RealTimeClock | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_time_control_view_type_0 = RealTimeClock.from_dict(data)

                return componentsschemas_time_control_view_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_time_control_view_type_1 = CorrespondenceClock.from_dict(data)

                return componentsschemas_time_control_view_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CorrespondenceClock | None | RealTimeClock | Unset, data)

        clock = _parse_clock(d.pop("clock", UNSET))

        def _parse_first(data: object) -> None | SeatChoice | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                first_type_1 = SeatChoice(data)

                return first_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatChoice | Unset, data)

        first = _parse_first(d.pop("first", UNSET))

        def _parse_position(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        position = _parse_position(d.pop("position", UNSET))

        rated = d.pop("rated", UNSET)

        _rules = d.pop("rules", UNSET)
        rules: RulesInput | Unset
        if isinstance(_rules, Unset):
            rules = UNSET
        else:
            rules = RulesInput.from_dict(_rules)

        _seat = d.pop("seat", UNSET)
        seat: SeatChoice | Unset
        if isinstance(_seat, Unset):
            seat = UNSET
        else:
            seat = SeatChoice(_seat)

        new_challenge = cls(
            opponent=opponent,
            clock=clock,
            first=first,
            position=position,
            rated=rated,
            rules=rules,
            seat=seat,
        )

        return new_challenge
