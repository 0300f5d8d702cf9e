from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.webhook_player import WebhookPlayer


T = TypeVar("T", bound="GameStartedData")


@_attrs_define
class GameStartedData:
    """`game.started`: both seats are taken, the game is under way.

    Attributes:
        game_id (str):
        rated (bool):
        to_move (str): `south` or `north`: the side to move first.
        version (int): The game's version after the event: order a game's events by it.
        north (None | Unset | WebhookPlayer):
        south (None | Unset | WebhookPlayer):
        started_at (datetime.datetime | None | Unset):
    """

    game_id: str
    rated: bool
    to_move: str
    version: int
    north: None | Unset | WebhookPlayer = UNSET
    south: None | Unset | WebhookPlayer = UNSET
    started_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.webhook_player import WebhookPlayer  # noqa: PLC0415

        game_id = self.game_id

        rated = self.rated

        to_move = self.to_move

        version = self.version

        north: dict[str, Any] | None | Unset
        if isinstance(self.north, Unset):
            north = UNSET
        elif isinstance(self.north, WebhookPlayer):
            north = self.north.to_dict()
        else:
            north = self.north

        south: dict[str, Any] | None | Unset
        if isinstance(self.south, Unset):
            south = UNSET
        elif isinstance(self.south, WebhookPlayer):
            south = self.south.to_dict()
        else:
            south = self.south

        started_at: None | str | Unset
        if isinstance(self.started_at, Unset):
            started_at = UNSET
        elif isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "rated": rated,
                "to_move": to_move,
                "version": version,
            }
        )
        if north is not UNSET:
            field_dict["north"] = north
        if south is not UNSET:
            field_dict["south"] = south
        if started_at is not UNSET:
            field_dict["started_at"] = started_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_player import WebhookPlayer  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        rated = d.pop("rated")

        to_move = d.pop("to_move")

        version = d.pop("version")

        def _parse_north(data: object) -> None | Unset | WebhookPlayer:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                north_type_1 = WebhookPlayer.from_dict(data)

                return north_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | WebhookPlayer, data)

        north = _parse_north(d.pop("north", UNSET))

        def _parse_south(data: object) -> None | Unset | WebhookPlayer:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                south_type_1 = WebhookPlayer.from_dict(data)

                return south_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | WebhookPlayer, data)

        south = _parse_south(d.pop("south", UNSET))

        def _parse_started_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        started_at = _parse_started_at(d.pop("started_at", UNSET))

        game_started_data = cls(
            game_id=game_id,
            rated=rated,
            to_move=to_move,
            version=version,
            north=north,
            south=south,
            started_at=started_at,
        )

        game_started_data.additional_properties = d
        return game_started_data

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
