from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tournament_player import TournamentPlayer


T = TypeVar("T", bound="TournamentGameEndedEvent")


@_attrs_define
class TournamentGameEndedEvent:
    """A board's game ended: its result is recorded.

    Attributes:
        board (int):
        game_id (str):
        north (TournamentPlayer): A player, as a tournament names them.
        north_points (float):
        result (str): `south_won`, `north_won` or `draw` (an aborted game is lost by the
            side that was to move). Example: south_won.
        round_ (int):
        south (TournamentPlayer): A player, as a tournament names them.
        south_points (float):
        type_ (Literal['game_ended']):
        version (int): One more than the message before.
    """

    board: int
    game_id: str
    north: TournamentPlayer
    north_points: float
    result: str
    round_: int
    south: TournamentPlayer
    south_points: float
    type_: Literal["game_ended"]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        board = self.board

        game_id = self.game_id

        north = self.north.to_dict()

        north_points = self.north_points

        result = self.result

        round_ = self.round_

        south = self.south.to_dict()

        south_points = self.south_points

        type_ = self.type_

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "board": board,
                "game_id": game_id,
                "north": north,
                "north_points": north_points,
                "result": result,
                "round": round_,
                "south": south,
                "south_points": south_points,
                "type": type_,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_player import TournamentPlayer  # noqa: PLC0415

        d = dict(src_dict)
        board = d.pop("board")

        game_id = d.pop("game_id")

        north = TournamentPlayer.from_dict(d.pop("north"))

        north_points = d.pop("north_points")

        result = d.pop("result")

        round_ = d.pop("round")

        south = TournamentPlayer.from_dict(d.pop("south"))

        south_points = d.pop("south_points")

        type_ = cast(Literal["game_ended"], d.pop("type"))
        if type_ != "game_ended":
            raise ValueError(f"type must match const 'game_ended', got '{type_}'")

        version = d.pop("version")

        tournament_game_ended_event = cls(
            board=board,
            game_id=game_id,
            north=north,
            north_points=north_points,
            result=result,
            round_=round_,
            south=south,
            south_points=south_points,
            type_=type_,
            version=version,
        )

        tournament_game_ended_event.additional_properties = d
        return tournament_game_ended_event

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
