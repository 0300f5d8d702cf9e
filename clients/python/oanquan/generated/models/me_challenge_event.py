from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_view import GameView
    from ..models.player_summary import PlayerSummary


T = TypeVar("T", bound="MeChallengeEvent")


@_attrs_define
class MeChallengeEvent:
    """A game reserved for you was created: join it to play.

    Attributes:
        cursor (str): Where the stream resumes after this message: send it back as
            `Last-Event-ID` (or `?since=`). Also the SSE `id`. Example: 1738312200123456.
        from_ (None | PlayerSummary):
        game (GameView): A game: its rules, seats, current position and result.
        game_id (str):
        type_ (Literal['challenge']):
        version (int):
    """

    cursor: str
    from_: None | PlayerSummary
    game: GameView
    game_id: str
    type_: Literal["challenge"]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.player_summary import PlayerSummary  # noqa: PLC0415

        cursor = self.cursor

        from_: dict[str, Any] | None
        if isinstance(self.from_, PlayerSummary):
            from_ = self.from_.to_dict()
        else:
            from_ = self.from_

        game = self.game.to_dict()

        game_id = self.game_id

        type_ = self.type_

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cursor": cursor,
                "from": from_,
                "game": game,
                "game_id": game_id,
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

        def _parse_from_(data: object) -> None | PlayerSummary:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                from_type_1 = PlayerSummary.from_dict(data)

                return from_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayerSummary, data)

        from_ = _parse_from_(d.pop("from"))

        game = GameView.from_dict(d.pop("game"))

        game_id = d.pop("game_id")

        type_ = cast(Literal["challenge"], d.pop("type"))
        if type_ != "challenge":
            raise ValueError(f"type must match const 'challenge', got '{type_}'")

        version = d.pop("version")

        me_challenge_event = cls(
            cursor=cursor,
            from_=from_,
            game=game,
            game_id=game_id,
            type_=type_,
            version=version,
        )

        me_challenge_event.additional_properties = d
        return me_challenge_event

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
