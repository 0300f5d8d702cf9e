from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.abort_reason import AbortReason
from ..models.game_status import GameStatus
from ..models.seat_name import SeatName
from ..models.unrated_reason import UnratedReason

if TYPE_CHECKING:
    from ..models.board_square import BoardSquare
    from ..models.clock_view import ClockView
    from ..models.correspondence_clock import CorrespondenceClock
    from ..models.offers_view import OffersView
    from ..models.player_summary import PlayerSummary
    from ..models.real_time_clock import RealTimeClock
    from ..models.result_view import ResultView
    from ..models.rules_view import RulesView
    from ..models.scores_view import ScoresView
    from ..models.seat_players import SeatPlayers
    from ..models.stores_view import StoresView
    from ..models.tournament_ref import TournamentRef


T = TypeVar("T", bound="TournamentGameView")


@_attrs_define
class TournamentGameView:
    """A tournament's game.

    Attributes:
        board (list[BoardSquare]): The twelve squares in ring order.
        legal_moves (list[str]): The legal moves in notation (`3R`), in order; empty when no move can be made. Example:
            ['1L', '1R', '2L', '2R', '3L', '3R', '4L', '4R', '5L', '5R'].
        ply (int): The number of the next move, from 1 (after the end: moves played + 1).
        position (str): The RULES.md position notation. Example: M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1.
        scores (ScoresView): Scores per seat: store small stones + `mandarin_value` × mandarins.
        stores (StoresView):
        to_move (SeatName): A seat, as the API spells it.
        abort_reason (AbortReason | None):
        clock (ClockView | None):
        created_at (datetime.datetime):
        created_by (str):
        custom_start (bool): Whether the game started from a custom position.
        expires_at (datetime.datetime | None): When a `waiting` game expires if nobody joins.
        finished_at (datetime.datetime | None):
        first (SeatName): A seat, as the API spells it.
        id (str):  Example: Gm4x9QzLp2.
        imported (bool): Whether the game came from `POST /v1/games/import`: its players are
            the names the record gives, and it is never rated.
        moves_played (int): The number of moves played so far.
        offers (OffersView): The seat whose offer stands, for each kind; `null`: none.
        players (SeatPlayers): Who sits where; `null` for an open seat.
        rated (bool):
        rematch_id (None | str): The game a rematch of this one made, once accepted.
        reserved_for (None | PlayerSummary):
        result (None | ResultView):
        rules (RulesView): The ruleset in force, every parameter resolved. Example: {'empty_mandarin_is_gap': False,
            'first_move_mandarin_ban': False, 'mandarin_setup': 'big_stone', 'mandarin_value': 10, 'max_plies': 400,
            'preset': 'classic', 'refill_shortfall': 'borrow', 'young_mandarin_min': 0}.
        start_position (str): The position before the first move.
        started_at (datetime.datetime | None):
        status (GameStatus): Where a game is in its life: `waiting` (a seat is open), `active`, `finished`, `cancelled`,
            `archived` (an imported, unfinished record), `aborted` (ended before each side made two moves; never rated) or
            `expired` (nobody joined).
        time_control (CorrespondenceClock | None | RealTimeClock):
        unrated_reason (None | UnratedReason):
        updated_at (datetime.datetime):
        version (int): Bumped by every change; the `ETag` is this number in quotes.
        tournament (TournamentRef): Where a game stands in its tournament.
    """

    board: list[BoardSquare]
    legal_moves: list[str]
    ply: int
    position: str
    scores: ScoresView
    stores: StoresView
    to_move: SeatName
    abort_reason: AbortReason | None
    clock: ClockView | None
    created_at: datetime.datetime
    created_by: str
    custom_start: bool
    expires_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    first: SeatName
    id: str
    imported: bool
    moves_played: int
    offers: OffersView
    players: SeatPlayers
    rated: bool
    rematch_id: None | str
    reserved_for: None | PlayerSummary
    result: None | ResultView
    rules: RulesView
    start_position: str
    started_at: datetime.datetime | None
    status: GameStatus
    time_control: CorrespondenceClock | None | RealTimeClock
    unrated_reason: None | UnratedReason
    updated_at: datetime.datetime
    version: int
    tournament: TournamentRef
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.clock_view import ClockView  # noqa: PLC0415
        from ..models.correspondence_clock import CorrespondenceClock  # noqa: PLC0415
        from ..models.player_summary import PlayerSummary  # noqa: PLC0415
        from ..models.real_time_clock import RealTimeClock  # noqa: PLC0415
        from ..models.result_view import ResultView  # noqa: PLC0415

        board = []
        for board_item_data in self.board:
            board_item = board_item_data.to_dict()
            board.append(board_item)

        legal_moves = self.legal_moves

        ply = self.ply

        position = self.position

        scores = self.scores.to_dict()

        stores = self.stores.to_dict()

        to_move = self.to_move.value

        abort_reason: None | str
        if isinstance(self.abort_reason, AbortReason):
            abort_reason = self.abort_reason.value
        else:
            abort_reason = self.abort_reason

        clock: dict[str, Any] | None
        if isinstance(self.clock, ClockView):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        created_at = self.created_at.isoformat()

        created_by = self.created_by

        custom_start = self.custom_start

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        first = self.first.value

        id = self.id

        imported = self.imported

        moves_played = self.moves_played

        offers = self.offers.to_dict()

        players = self.players.to_dict()

        rated = self.rated

        rematch_id: None | str
        rematch_id = self.rematch_id

        reserved_for: dict[str, Any] | None
        if isinstance(self.reserved_for, PlayerSummary):
            reserved_for = self.reserved_for.to_dict()
        else:
            reserved_for = self.reserved_for

        result: dict[str, Any] | None
        if isinstance(self.result, ResultView):
            result = self.result.to_dict()
        else:
            result = self.result

        rules = self.rules.to_dict()

        start_position = self.start_position

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        status = self.status.value

        time_control: dict[str, Any] | None
        if isinstance(self.time_control, RealTimeClock):
            time_control = self.time_control.to_dict()
        elif isinstance(self.time_control, CorrespondenceClock):
            time_control = self.time_control.to_dict()
        else:
            time_control = self.time_control

        unrated_reason: None | str
        if isinstance(self.unrated_reason, UnratedReason):
            unrated_reason = self.unrated_reason.value
        else:
            unrated_reason = self.unrated_reason

        updated_at = self.updated_at.isoformat()

        version = self.version

        tournament = self.tournament.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "board": board,
                "legal_moves": legal_moves,
                "ply": ply,
                "position": position,
                "scores": scores,
                "stores": stores,
                "to_move": to_move,
                "abort_reason": abort_reason,
                "clock": clock,
                "created_at": created_at,
                "created_by": created_by,
                "custom_start": custom_start,
                "expires_at": expires_at,
                "finished_at": finished_at,
                "first": first,
                "id": id,
                "imported": imported,
                "moves_played": moves_played,
                "offers": offers,
                "players": players,
                "rated": rated,
                "rematch_id": rematch_id,
                "reserved_for": reserved_for,
                "result": result,
                "rules": rules,
                "start_position": start_position,
                "started_at": started_at,
                "status": status,
                "time_control": time_control,
                "unrated_reason": unrated_reason,
                "updated_at": updated_at,
                "version": version,
                "tournament": tournament,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.board_square import BoardSquare  # noqa: PLC0415
        from ..models.clock_view import ClockView  # noqa: PLC0415
        from ..models.correspondence_clock import CorrespondenceClock  # noqa: PLC0415
        from ..models.offers_view import OffersView  # noqa: PLC0415
        from ..models.player_summary import PlayerSummary  # noqa: PLC0415
        from ..models.real_time_clock import RealTimeClock  # noqa: PLC0415
        from ..models.result_view import ResultView  # noqa: PLC0415
        from ..models.rules_view import RulesView  # noqa: PLC0415
        from ..models.scores_view import ScoresView  # noqa: PLC0415
        from ..models.seat_players import SeatPlayers  # noqa: PLC0415
        from ..models.stores_view import StoresView  # noqa: PLC0415
        from ..models.tournament_ref import TournamentRef  # noqa: PLC0415

        d = dict(src_dict)
        board = []
        _board = d.pop("board")
        for board_item_data in _board:
            board_item = BoardSquare.from_dict(board_item_data)

            board.append(board_item)

        legal_moves = cast(list[str], d.pop("legal_moves"))

        ply = d.pop("ply")

        position = d.pop("position")

        scores = ScoresView.from_dict(d.pop("scores"))

        stores = StoresView.from_dict(d.pop("stores"))

        to_move = SeatName(d.pop("to_move"))

        def _parse_abort_reason(data: object) -> AbortReason | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                abort_reason_type_1 = AbortReason(data)

                return abort_reason_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AbortReason | None, data)

        abort_reason = _parse_abort_reason(d.pop("abort_reason"))

        def _parse_clock(data: object) -> ClockView | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_1 = ClockView.from_dict(data)

                return clock_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClockView | None, data)

        clock = _parse_clock(d.pop("clock"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        created_by = d.pop("created_by")

        custom_start = d.pop("custom_start")

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

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

        first = SeatName(d.pop("first"))

        id = d.pop("id")

        imported = d.pop("imported")

        moves_played = d.pop("moves_played")

        offers = OffersView.from_dict(d.pop("offers"))

        players = SeatPlayers.from_dict(d.pop("players"))

        rated = d.pop("rated")

        def _parse_rematch_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rematch_id = _parse_rematch_id(d.pop("rematch_id"))

        def _parse_reserved_for(data: object) -> None | PlayerSummary:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                reserved_for_type_1 = PlayerSummary.from_dict(data)

                return reserved_for_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayerSummary, data)

        reserved_for = _parse_reserved_for(d.pop("reserved_for"))

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

        start_position = d.pop("start_position")

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

        def _parse_time_control(data: object) -> CorrespondenceClock | None | RealTimeClock:
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

        time_control = _parse_time_control(d.pop("time_control"))

        def _parse_unrated_reason(data: object) -> None | UnratedReason:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unrated_reason_type_1 = UnratedReason(data)

                return unrated_reason_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UnratedReason, data)

        unrated_reason = _parse_unrated_reason(d.pop("unrated_reason"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        version = d.pop("version")

        tournament = TournamentRef.from_dict(d.pop("tournament"))

        tournament_game_view = cls(
            board=board,
            legal_moves=legal_moves,
            ply=ply,
            position=position,
            scores=scores,
            stores=stores,
            to_move=to_move,
            abort_reason=abort_reason,
            clock=clock,
            created_at=created_at,
            created_by=created_by,
            custom_start=custom_start,
            expires_at=expires_at,
            finished_at=finished_at,
            first=first,
            id=id,
            imported=imported,
            moves_played=moves_played,
            offers=offers,
            players=players,
            rated=rated,
            rematch_id=rematch_id,
            reserved_for=reserved_for,
            result=result,
            rules=rules,
            start_position=start_position,
            started_at=started_at,
            status=status,
            time_control=time_control,
            unrated_reason=unrated_reason,
            updated_at=updated_at,
            version=version,
            tournament=tournament,
        )

        tournament_game_view.additional_properties = d
        return tournament_game_view

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
