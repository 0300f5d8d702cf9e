from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GameMoveData")


@_attrs_define
class GameMoveData:
    """`game.move`: a move was played.

    Attributes:
        game_id (str):
        notation (str): The move, e.g. `3R`.
        played_at (datetime.datetime):
        ply (int): The move's ply: 1 for the first move, as in the move list.
        position (str): The position after the move.
        seat (str): `south` or `north`: who played it.
        to_move (str): `south` or `north`: the side to move next.
        version (int):
    """

    game_id: str
    notation: str
    played_at: datetime.datetime
    ply: int
    position: str
    seat: str
    to_move: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        notation = self.notation

        played_at = self.played_at.isoformat()

        ply = self.ply

        position = self.position

        seat = self.seat

        to_move = self.to_move

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "notation": notation,
                "played_at": played_at,
                "ply": ply,
                "position": position,
                "seat": seat,
                "to_move": to_move,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        notation = d.pop("notation")

        played_at = datetime.datetime.fromisoformat(d.pop("played_at"))

        ply = d.pop("ply")

        position = d.pop("position")

        seat = d.pop("seat")

        to_move = d.pop("to_move")

        version = d.pop("version")

        game_move_data = cls(
            game_id=game_id,
            notation=notation,
            played_at=played_at,
            ply=ply,
            position=position,
            seat=seat,
            to_move=to_move,
            version=version,
        )

        game_move_data.additional_properties = d
        return game_move_data

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
