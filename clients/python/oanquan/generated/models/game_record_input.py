from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.seat_name import SeatName
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.correspondence_clock import CorrespondenceClock
    from ..models.real_time_clock import RealTimeClock
    from ..models.record_move_input import RecordMoveInput
    from ..models.result_view import ResultView
    from ..models.rules_input import RulesInput
    from ..models.seat_players_input import SeatPlayersInput


T = TypeVar("T", bound="GameRecordInput")


@_attrs_define
class GameRecordInput:
    """A game record to import (`POST /v1/games/import`): an exported
    `GameRecord` reads as one. Only `moves[].notation` is required;
    everything else given is checked against the replay.

        Attributes:
            clock (CorrespondenceClock | None | RealTimeClock | Unset):
            finished_at (datetime.datetime | None | Unset):
            first (None | SeatName | Unset):
            id (None | str | Unset): Ignored (the import gets a new id).
            moves (list[RecordMoveInput] | Unset):
            players (SeatPlayersInput | Unset): The seats of a record to import; `null` for a seat it does not name.
            result (None | ResultView | Unset):
            rules (RulesInput | Unset): A ruleset: a preset (default `classic`) and any parameters that differ
                from it. See RULES.md §4 for each parameter. Example: {'max_plies': 200, 'preset': 'village'}.
            start_position (None | str | Unset): The position before the first move (RULES.md notation). Default:
                the standard start with `first` to move. Example: M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1.
            started_at (datetime.datetime | None | Unset):
            status (None | str | Unset): Ignored: the import decides it: an import that reaches an end is
                `finished`, any other `archived`.
    """

    clock: CorrespondenceClock | None | RealTimeClock | Unset = UNSET
    finished_at: datetime.datetime | None | Unset = UNSET
    first: None | SeatName | Unset = UNSET
    id: None | str | Unset = UNSET
    moves: list[RecordMoveInput] | Unset = UNSET
    players: SeatPlayersInput | Unset = UNSET
    result: None | ResultView | Unset = UNSET
    rules: RulesInput | Unset = UNSET
    start_position: None | str | Unset = UNSET
    started_at: datetime.datetime | None | Unset = UNSET
    status: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.correspondence_clock import CorrespondenceClock  # noqa: PLC0415
        from ..models.real_time_clock import RealTimeClock  # noqa: PLC0415
        from ..models.result_view import ResultView  # noqa: PLC0415

        clock: dict[str, Any] | None | Unset
        if isinstance(self.clock, Unset):
            clock = UNSET
        elif isinstance(self.clock, RealTimeClock):
            clock = self.clock.to_dict()
        elif isinstance(self.clock, CorrespondenceClock):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        finished_at: None | str | Unset
        if isinstance(self.finished_at, Unset):
            finished_at = UNSET
        elif isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        first: None | str | Unset
        if isinstance(self.first, Unset):
            first = UNSET
        elif isinstance(self.first, SeatName):
            first = self.first.value
        else:
            first = self.first

        id: None | str | Unset
        if isinstance(self.id, Unset):
            id = UNSET
        else:
            id = self.id

        moves: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.moves, Unset):
            moves = []
            for moves_item_data in self.moves:
                moves_item = moves_item_data.to_dict()
                moves.append(moves_item)

        players: dict[str, Any] | Unset = UNSET
        if not isinstance(self.players, Unset):
            players = self.players.to_dict()

        result: dict[str, Any] | None | Unset
        if isinstance(self.result, Unset):
            result = UNSET
        elif isinstance(self.result, ResultView):
            result = self.result.to_dict()
        else:
            result = self.result

        rules: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = self.rules.to_dict()

        start_position: None | str | Unset
        if isinstance(self.start_position, Unset):
            start_position = UNSET
        else:
            start_position = self.start_position

        started_at: None | str | Unset
        if isinstance(self.started_at, Unset):
            started_at = UNSET
        elif isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        else:
            status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if clock is not UNSET:
            field_dict["clock"] = clock
        if finished_at is not UNSET:
            field_dict["finished_at"] = finished_at
        if first is not UNSET:
            field_dict["first"] = first
        if id is not UNSET:
            field_dict["id"] = id
        if moves is not UNSET:
            field_dict["moves"] = moves
        if players is not UNSET:
            field_dict["players"] = players
        if result is not UNSET:
            field_dict["result"] = result
        if rules is not UNSET:
            field_dict["rules"] = rules
        if start_position is not UNSET:
            field_dict["start_position"] = start_position
        if started_at is not UNSET:
            field_dict["started_at"] = started_at
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.correspondence_clock import CorrespondenceClock  # noqa: PLC0415
        from ..models.real_time_clock import RealTimeClock  # noqa: PLC0415
        from ..models.record_move_input import RecordMoveInput  # noqa: PLC0415
        from ..models.result_view import ResultView  # noqa: PLC0415
        from ..models.rules_input import RulesInput  # noqa: PLC0415
        from ..models.seat_players_input import SeatPlayersInput  # noqa: PLC0415

        d = dict(src_dict)

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

        def _parse_finished_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        finished_at = _parse_finished_at(d.pop("finished_at", UNSET))

        def _parse_first(data: object) -> None | SeatName | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                first_type_1 = SeatName(data)

                return first_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatName | Unset, data)

        first = _parse_first(d.pop("first", UNSET))

        def _parse_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        id = _parse_id(d.pop("id", UNSET))

        _moves = d.pop("moves", UNSET)
        moves: list[RecordMoveInput] | Unset = UNSET
        if _moves is not UNSET:
            moves = []
            for moves_item_data in _moves:
                moves_item = RecordMoveInput.from_dict(moves_item_data)

                moves.append(moves_item)

        _players = d.pop("players", UNSET)
        players: SeatPlayersInput | Unset
        if isinstance(_players, Unset):
            players = UNSET
        else:
            players = SeatPlayersInput.from_dict(_players)

        def _parse_result(data: object) -> None | ResultView | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_1 = ResultView.from_dict(data)

                return result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ResultView | Unset, data)

        result = _parse_result(d.pop("result", UNSET))

        _rules = d.pop("rules", UNSET)
        rules: RulesInput | Unset
        if isinstance(_rules, Unset):
            rules = UNSET
        else:
            rules = RulesInput.from_dict(_rules)

        def _parse_start_position(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        start_position = _parse_start_position(d.pop("start_position", UNSET))

        def _parse_started_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        started_at = _parse_started_at(d.pop("started_at", UNSET))

        def _parse_status(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        game_record_input = cls(
            clock=clock,
            finished_at=finished_at,
            first=first,
            id=id,
            moves=moves,
            players=players,
            result=result,
            rules=rules,
            start_position=start_position,
            started_at=started_at,
            status=status,
        )

        return game_record_input
