from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.value_source import ValueSource

if TYPE_CHECKING:
    from ..models.move_value_view import MoveValueView


T = TypeVar("T", bound="BestMoveResponse")


@_attrs_define
class BestMoveResponse:
    """
    Attributes:
        best_move (None | str): `null` when the game is over. Example: 3R.
        depth (int): Plies of the deepest completed iteration.
        exact (bool): Whether `value` is exact: every line reached the end of the game,
            or the endgame table holds the position.
        moves (list[MoveValueView]): Every legal move with its value, best first.
        nodes (int): Positions searched.
        pv (list[str]): The expected line, from `best_move` on.
        source (ValueSource): Where an answer's value comes from.
        time_ms (int):
        value (float): The final score difference (side to move minus opponent), stores
            included, expected under best play; ±1000 means a forfeit.
    """

    best_move: None | str
    depth: int
    exact: bool
    moves: list[MoveValueView]
    nodes: int
    pv: list[str]
    source: ValueSource
    time_ms: int
    value: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        best_move: None | str
        best_move = self.best_move

        depth = self.depth

        exact = self.exact

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        nodes = self.nodes

        pv = self.pv

        source = self.source.value

        time_ms = self.time_ms

        value = self.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "best_move": best_move,
                "depth": depth,
                "exact": exact,
                "moves": moves,
                "nodes": nodes,
                "pv": pv,
                "source": source,
                "time_ms": time_ms,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move_value_view import MoveValueView  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_best_move(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        best_move = _parse_best_move(d.pop("best_move"))

        depth = d.pop("depth")

        exact = d.pop("exact")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = MoveValueView.from_dict(moves_item_data)

            moves.append(moves_item)

        nodes = d.pop("nodes")

        pv = cast(list[str], d.pop("pv"))

        source = ValueSource(d.pop("source"))

        time_ms = d.pop("time_ms")

        value = d.pop("value")

        best_move_response = cls(
            best_move=best_move,
            depth=depth,
            exact=exact,
            moves=moves,
            nodes=nodes,
            pv=pv,
            source=source,
            time_ms=time_ms,
            value=value,
        )

        best_move_response.additional_properties = d
        return best_move_response

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
