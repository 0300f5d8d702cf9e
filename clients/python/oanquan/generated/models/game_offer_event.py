from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_name import SeatName

T = TypeVar("T", bound="GameOfferEvent")


@_attrs_define
class GameOfferEvent:
    """A takeback or rematch offer was made, withdrawn, declined or accepted.

    Attributes:
        action (str): `offered`, `withdrawn`, `declined` or `accepted`. Example: offered.
        by (SeatName): A seat, as the API spells it.
        game_id (None | str): The game an accepted rematch made (`null` otherwise).
        offer (str): `takeback` or `rematch`. Example: takeback.
        type_ (Literal['offer']):
        version (int):
    """

    action: str
    by: SeatName
    game_id: None | str
    offer: str
    type_: Literal["offer"]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        action = self.action

        by = self.by.value

        game_id: None | str
        game_id = self.game_id

        offer = self.offer

        type_ = self.type_

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "action": action,
                "by": by,
                "game_id": game_id,
                "offer": offer,
                "type": type_,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = d.pop("action")

        by = SeatName(d.pop("by"))

        def _parse_game_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game_id = _parse_game_id(d.pop("game_id"))

        offer = d.pop("offer")

        type_ = cast(Literal["offer"], d.pop("type"))
        if type_ != "offer":
            raise ValueError(f"type must match const 'offer', got '{type_}'")

        version = d.pop("version")

        game_offer_event = cls(
            action=action,
            by=by,
            game_id=game_id,
            offer=offer,
            type_=type_,
            version=version,
        )

        game_offer_event.additional_properties = d
        return game_offer_event

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
