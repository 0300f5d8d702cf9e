from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_name import SeatName

if TYPE_CHECKING:
    from ..models.board_square import BoardSquare
    from ..models.scores_view import ScoresView
    from ..models.stores_view import StoresView


T = TypeVar("T", bound="PositionView")


@_attrs_define
class PositionView:
    """A position: its notation string and the same content spelled out.

    Attributes:
        board (list[BoardSquare]): The twelve squares in ring order.
        legal_moves (list[str]): The legal moves in notation (`3R`), in order; empty when no move can be made. Example:
            ['1L', '1R', '2L', '2R', '3L', '3R', '4L', '4R', '5L', '5R'].
        ply (int): The number of the next move, from 1 (after the end: moves played + 1).
        position (str): The RULES.md position notation. Example: M0,5,5,5,5,5,M0,5,5,5,5,5 s 0:0 0:0 1.
        scores (ScoresView): Scores per seat: store small stones + `mandarin_value` × mandarins.
        stores (StoresView):
        to_move (SeatName): A seat, as the API spells it.
    """

    board: list[BoardSquare]
    legal_moves: list[str]
    ply: int
    position: str
    scores: ScoresView
    stores: StoresView
    to_move: SeatName
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
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
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.board_square import BoardSquare  # noqa: PLC0415
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

        position_view = cls(
            board=board,
            legal_moves=legal_moves,
            ply=ply,
            position=position,
            scores=scores,
            stores=stores,
            to_move=to_move,
        )

        position_view.additional_properties = d
        return position_view

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
