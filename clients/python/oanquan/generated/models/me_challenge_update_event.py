from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.challenge_view import ChallengeView


T = TypeVar("T", bound="MeChallengeUpdateEvent")


@_attrs_define
class MeChallengeUpdateEvent:
    """A challenge to you or from you was made, accepted, declined,
    cancelled or expired; told to both sides.

        Attributes:
            challenge (ChallengeView): A challenge: the game made for the player challenged, and where it stands.
            change (str): What happened: `created`, `accepted`, `declined`, `cancelled` or `expired`. Example: declined.
            cursor (str): Where the stream resumes after this message: send it back as
                `Last-Event-ID` (or `?since=`). Also the SSE `id`. Example: 1738312200123456.
            game_id (str):
            type_ (Literal['challenge_update']):
            version (int):
    """

    challenge: ChallengeView
    change: str
    cursor: str
    game_id: str
    type_: Literal["challenge_update"]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        challenge = self.challenge.to_dict()

        change = self.change

        cursor = self.cursor

        game_id = self.game_id

        type_ = self.type_

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "challenge": challenge,
                "change": change,
                "cursor": cursor,
                "game_id": game_id,
                "type": type_,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.challenge_view import ChallengeView  # noqa: PLC0415

        d = dict(src_dict)
        challenge = ChallengeView.from_dict(d.pop("challenge"))

        change = d.pop("change")

        cursor = d.pop("cursor")

        game_id = d.pop("game_id")

        type_ = cast(Literal["challenge_update"], d.pop("type"))
        if type_ != "challenge_update":
            raise ValueError(f"type must match const 'challenge_update', got '{type_}'")

        version = d.pop("version")

        me_challenge_update_event = cls(
            challenge=challenge,
            change=change,
            cursor=cursor,
            game_id=game_id,
            type_=type_,
            version=version,
        )

        me_challenge_update_event.additional_properties = d
        return me_challenge_update_event

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
