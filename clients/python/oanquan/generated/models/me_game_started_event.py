from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_name import SeatName

if TYPE_CHECKING:
    from ..models.game_view import GameView
    from ..models.player_summary import PlayerSummary


T = TypeVar("T", bound="MeGameStartedEvent")


@_attrs_define
class MeGameStartedEvent:
    """A game in which you hold a seat became active.

    Attributes:
        cursor (str): Where the stream resumes after this message: send it back as
            `Last-Event-ID` (or `?since=`). Also the SSE `id`. Example: 1738312200123456.
        game (GameView): A game: its rules, seats, current position and result.
        game_id (str):
        opponent (None | PlayerSummary):
        seat (SeatName): A seat, as the API spells it.
        type_ (Literal['game_started']):
        version (int): The game's version after the change.
    """

    cursor: str
    game: GameView
    game_id: str
    opponent: None | PlayerSummary
    seat: SeatName
    type_: Literal["game_started"]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.player_summary import PlayerSummary  # noqa: PLC0415

        cursor = self.cursor

        game = self.game.to_dict()

        game_id = self.game_id

        opponent: dict[str, Any] | None
        if isinstance(self.opponent, PlayerSummary):
            opponent = self.opponent.to_dict()
        else:
            opponent = self.opponent

        seat = self.seat.value

        type_ = self.type_

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cursor": cursor,
                "game": game,
                "game_id": game_id,
                "opponent": opponent,
                "seat": seat,
                "type": type_,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_view import GameView  # noqa: PLC0415
        from ..models.player_summary import PlayerSummary  # noqa: PLC0415

        d = dict(src_dict)
        cursor = d.pop("cursor")

        game = GameView.from_dict(d.pop("game"))

        game_id = d.pop("game_id")

        def _parse_opponent(data: object) -> None | PlayerSummary:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                opponent_type_1 = PlayerSummary.from_dict(data)

                return opponent_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayerSummary, data)

        opponent = _parse_opponent(d.pop("opponent"))

        seat = SeatName(d.pop("seat"))

        type_ = cast(Literal["game_started"], d.pop("type"))
        if type_ != "game_started":
            raise ValueError(f"type must match const 'game_started', got '{type_}'")

        version = d.pop("version")

        me_game_started_event = cls(
            cursor=cursor,
            game=game,
            game_id=game_id,
            opponent=opponent,
            seat=seat,
            type_=type_,
            version=version,
        )

        me_game_started_event.additional_properties = d
        return me_game_started_event

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
