from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_status import GameStatus
from ..models.seat_name import SeatName

if TYPE_CHECKING:
    from ..models.correspondence_clock import CorrespondenceClock
    from ..models.real_time_clock import RealTimeClock
    from ..models.record_move_view import RecordMoveView
    from ..models.result_view import ResultView
    from ..models.rules_view import RulesView
    from ..models.seat_players import SeatPlayers


T = TypeVar("T", bound="GameRecord")


@_attrs_define
class GameRecord:
    """A game record as `GET /v1/games/{id}/export` gives it: every field is
    there (`null` where the game has no value). `POST /v1/games/import`
    takes it back as a `GameRecordInput`.

        Attributes:
            clock (CorrespondenceClock | None | RealTimeClock):
            finished_at (datetime.datetime | None):
            first (None | SeatName):
            id (str): The game's id here.
            moves (list[RecordMoveView]):
            players (SeatPlayers): Who sits where; `null` for an open seat.
            result (None | ResultView):
            rules (RulesView): The ruleset in force, every parameter resolved. Example: {'empty_mandarin_is_gap': False,
                'first_move_mandarin_ban': False, 'mandarin_setup': 'big_stone', 'mandarin_value': 10, 'max_plies': 400,
                'preset': 'classic', 'refill_shortfall': 'borrow', 'young_mandarin_min': 0}.
            start_position (None | str): The position before the first move (RULES.md notation). Example:
                M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1.
            started_at (datetime.datetime | None):
            status (GameStatus): Where a game is in its life: `waiting` (a seat is open), `active`, `finished`, `cancelled`,
                `archived` (an imported, unfinished record), `aborted` (ended before each side made two moves; never rated) or
                `expired` (nobody joined).
    """

    clock: CorrespondenceClock | None | RealTimeClock
    finished_at: datetime.datetime | None
    first: None | SeatName
    id: str
    moves: list[RecordMoveView]
    players: SeatPlayers
    result: None | ResultView
    rules: RulesView
    start_position: None | str
    started_at: datetime.datetime | None
    status: GameStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.correspondence_clock import CorrespondenceClock  # noqa: PLC0415
        from ..models.real_time_clock import RealTimeClock  # noqa: PLC0415
        from ..models.result_view import ResultView  # noqa: PLC0415

        clock: dict[str, Any] | None
        if isinstance(self.clock, RealTimeClock):
            clock = self.clock.to_dict()
        elif isinstance(self.clock, CorrespondenceClock):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        first: None | str
        if isinstance(self.first, SeatName):
            first = self.first.value
        else:
            first = self.first

        id = self.id

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        players = self.players.to_dict()

        result: dict[str, Any] | None
        if isinstance(self.result, ResultView):
            result = self.result.to_dict()
        else:
            result = self.result

        rules = self.rules.to_dict()

        start_position: None | str
        start_position = self.start_position

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clock": clock,
                "finished_at": finished_at,
                "first": first,
                "id": id,
                "moves": moves,
                "players": players,
                "result": result,
                "rules": rules,
                "start_position": start_position,
                "started_at": started_at,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.correspondence_clock import CorrespondenceClock  # noqa: PLC0415
        from ..models.real_time_clock import RealTimeClock  # noqa: PLC0415
        from ..models.record_move_view import RecordMoveView  # noqa: PLC0415
        from ..models.result_view import ResultView  # noqa: PLC0415
        from ..models.rules_view import RulesView  # noqa: PLC0415
        from ..models.seat_players import SeatPlayers  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_clock(data: object) -> CorrespondenceClock | None | RealTimeClock:
            if data is None:
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
            return cast(CorrespondenceClock | None | RealTimeClock, data)

        clock = _parse_clock(d.pop("clock"))

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

        def _parse_first(data: object) -> None | SeatName:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                first_type_1 = SeatName(data)

                return first_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatName, data)

        first = _parse_first(d.pop("first"))

        id = d.pop("id")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = RecordMoveView.from_dict(moves_item_data)

            moves.append(moves_item)

        players = SeatPlayers.from_dict(d.pop("players"))

        def _parse_result(data: object) -> None | ResultView:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_1 = ResultView.from_dict(data)

                return result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ResultView, data)

        result = _parse_result(d.pop("result"))

        rules = RulesView.from_dict(d.pop("rules"))

        def _parse_start_position(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        start_position = _parse_start_position(d.pop("start_position"))

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

        status = GameStatus(d.pop("status"))

        game_record = cls(
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

        game_record.additional_properties = d
        return game_record

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
