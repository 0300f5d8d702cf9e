from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.result_view import ResultView
    from ..models.seat_players import SeatPlayers


T = TypeVar("T", bound="ExplorerGame")


@_attrs_define
class ExplorerGame:
    """One of the latest games that reached the position.

    Attributes:
        id (str):
        players (SeatPlayers): Who sits where; `null` for an open seat.
        result (ResultView): How a finished game ended. Example: {'reason': 'mandarins_captured', 'scores': {'north':
            37, 'south': 33}, 'winner': 'north'}.
    """

    id: str
    players: SeatPlayers
    result: ResultView
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        players = self.players.to_dict()

        result = self.result.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "players": players,
                "result": result,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.result_view import ResultView  # noqa: PLC0415
        from ..models.seat_players import SeatPlayers  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        players = SeatPlayers.from_dict(d.pop("players"))

        result = ResultView.from_dict(d.pop("result"))

        explorer_game = cls(
            id=id,
            players=players,
            result=result,
        )

        explorer_game.additional_properties = d
        return explorer_game

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
