from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="MoveInput")


@_attrs_define
class MoveInput:
    """A move: `{"move": "3R"}`, or `{"square": 3, "direction": "right"}`.

    Example:
        {'move': '3R', 'ply': 1}

    Attributes:
        direction (None | str | Unset): `left` or `right` (or `L` / `R`, any case), with `square`. Example: right.
        move (None | str | Unset): The move in notation: own square 1..=5 and `L` or `R`. Example: 3R.
        ply (int | None | Unset): The ply the move is meant for (the game's `ply`): if a move was
            played meanwhile the request fails with 409 `stale_ply`.
        square (int | None | Unset): Own square 1..=5 (counted from the mover's left), with `direction`.
    """

    direction: None | str | Unset = UNSET
    move: None | str | Unset = UNSET
    ply: int | None | Unset = UNSET
    square: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        direction: None | str | Unset
        if isinstance(self.direction, Unset):
            direction = UNSET
        else:
            direction = self.direction

        move: None | str | Unset
        if isinstance(self.move, Unset):
            move = UNSET
        else:
            move = self.move

        ply: int | None | Unset
        if isinstance(self.ply, Unset):
            ply = UNSET
        else:
            ply = self.ply

        square: int | None | Unset
        if isinstance(self.square, Unset):
            square = UNSET
        else:
            square = self.square

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if direction is not UNSET:
            field_dict["direction"] = direction
        if move is not UNSET:
            field_dict["move"] = move
        if ply is not UNSET:
            field_dict["ply"] = ply
        if square is not UNSET:
            field_dict["square"] = square

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_direction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        direction = _parse_direction(d.pop("direction", UNSET))

        def _parse_move(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        move = _parse_move(d.pop("move", UNSET))

        def _parse_ply(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        ply = _parse_ply(d.pop("ply", UNSET))

        def _parse_square(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        square = _parse_square(d.pop("square", UNSET))

        move_input = cls(
            direction=direction,
            move=move,
            ply=ply,
            square=square,
        )

        return move_input
