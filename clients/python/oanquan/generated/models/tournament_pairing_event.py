from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tournament_player import TournamentPlayer


T = TypeVar("T", bound="TournamentPairingEvent")


@_attrs_define
class TournamentPairingEvent:
    """A board was paired: a game created (active), a bye, or a game
    forfeited by a withdrawn player (decided at once).

        Attributes:
            board (int):
            game_id (None | str): `null`: a bye, or a forfeit.
            north (None | TournamentPlayer):
            north_points (float | None):
            round_ (int):
            south (TournamentPlayer): A player, as a tournament names them.
            south_points (float | None): `null` until decided.
            type_ (Literal['pairing']):
            version (int): One more than the message before.
    """

    board: int
    game_id: None | str
    north: None | TournamentPlayer
    north_points: float | None
    round_: int
    south: TournamentPlayer
    south_points: float | None
    type_: Literal["pairing"]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.tournament_player import TournamentPlayer  # noqa: PLC0415

        board = self.board

        game_id: None | str
        game_id = self.game_id

        north: dict[str, Any] | None
        if isinstance(self.north, TournamentPlayer):
            north = self.north.to_dict()
        else:
            north = self.north

        north_points: float | None
        north_points = self.north_points

        round_ = self.round_

        south = self.south.to_dict()

        south_points: float | None
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

        def _parse_game_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game_id = _parse_game_id(d.pop("game_id"))

        def _parse_north(data: object) -> None | TournamentPlayer:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                north_type_1 = TournamentPlayer.from_dict(data)

                return north_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TournamentPlayer, data)

        north = _parse_north(d.pop("north"))

        def _parse_north_points(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        north_points = _parse_north_points(d.pop("north_points"))

        round_ = d.pop("round")

        south = TournamentPlayer.from_dict(d.pop("south"))

        def _parse_south_points(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        south_points = _parse_south_points(d.pop("south_points"))

        type_ = cast(Literal["pairing"], d.pop("type"))
        if type_ != "pairing":
            raise ValueError(f"type must match const 'pairing', got '{type_}'")

        version = d.pop("version")

        tournament_pairing_event = cls(
            board=board,
            game_id=game_id,
            north=north,
            north_points=north_points,
            round_=round_,
            south=south,
            south_points=south_points,
            type_=type_,
            version=version,
        )

        tournament_pairing_event.additional_properties = d
        return tournament_pairing_event

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
