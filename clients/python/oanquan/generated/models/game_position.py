from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_name import SeatName

if TYPE_CHECKING:
    from ..models.board_square import BoardSquare
    from ..models.result_view import ResultView
    from ..models.scores_view import ScoresView
    from ..models.stores_view import StoresView


T = TypeVar("T", bound="GamePosition")


@_attrs_define
class GamePosition:
    """The position after a ply of a game.

    Attributes:
        board (list[BoardSquare]): The twelve squares in ring order.
        legal_moves (list[str]): The legal moves in notation (`3R`), in order; empty when no move can be made. Example:
            ['1L', '1R', '2L', '2R', '3L', '3R', '4L', '4R', '5L', '5R'].
        ply (int): The number of the next move, from 1 (after the end: moves played + 1).
        position (str): The RULES.md position notation. Example: M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1.
        scores (ScoresView): Scores per seat: store small stones + `mandarin_value` × mandarins.
        stores (StoresView):
        to_move (SeatName): A seat, as the API spells it.
        after_ply (int): The ply of the last move before this position: 0 for the standard
            start (`ply`, the next move's number, is one more).
        game_id (str):
        result (None | ResultView):
    """

    board: list[BoardSquare]
    legal_moves: list[str]
    ply: int
    position: str
    scores: ScoresView
    stores: StoresView
    to_move: SeatName
    after_ply: int
    game_id: str
    result: None | ResultView
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
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

        after_ply = self.after_ply

        game_id = self.game_id

        result: dict[str, Any] | None
        if isinstance(self.result, ResultView):
            result = self.result.to_dict()
        else:
            result = self.result

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
                "after_ply": after_ply,
                "game_id": game_id,
                "result": result,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.board_square import BoardSquare  # noqa: PLC0415
        from ..models.result_view import ResultView  # noqa: PLC0415
        from ..models.scores_view import ScoresView  # noqa: PLC0415
        from ..models.stores_view import StoresView  # noqa: PLC0415

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

        after_ply = d.pop("after_ply")

        game_id = d.pop("game_id")

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

        game_position = cls(
            board=board,
            legal_moves=legal_moves,
            ply=ply,
            position=position,
            scores=scores,
            stores=stores,
            to_move=to_move,
            after_ply=after_ply,
            game_id=game_id,
            result=result,
        )

        game_position.additional_properties = d
        return game_position

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
