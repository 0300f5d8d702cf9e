from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_status import GameStatus

if TYPE_CHECKING:
    from ..models.result_view import ResultView


T = TypeVar("T", bound="MeGameEndedEvent")


@_attrs_define
class MeGameEndedEvent:
    """One of your games (or a challenge to you) is over.

    Attributes:
        cursor (str): Where the stream resumes after this message: send it back as
            `Last-Event-ID` (or `?since=`). Also the SSE `id`. Example: 1738312200123456.
        game_id (str):
        result (None | ResultView):
        status (GameStatus): Where a game is in its life: `waiting` (a seat is open), `active`, `finished`, `cancelled`,
            `archived` (an imported, unfinished record), `aborted` (ended before each side made two moves; never rated) or
            `expired` (nobody joined).
        type_ (Literal['game_ended']):
        version (int):
    """

    cursor: str
    game_id: str
    result: None | ResultView
    status: GameStatus
    type_: Literal["game_ended"]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.result_view import ResultView  # noqa: PLC0415

        cursor = self.cursor

        game_id = self.game_id

        result: dict[str, Any] | None
        if isinstance(self.result, ResultView):
            result = self.result.to_dict()
        else:
            result = self.result

        status = self.status.value

        type_ = self.type_

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cursor": cursor,
                "game_id": game_id,
                "result": result,
                "status": status,
                "type": type_,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.result_view import ResultView  # noqa: PLC0415

        d = dict(src_dict)
        cursor = d.pop("cursor")

        game_id = d.pop("game_id")

        def _parse_result(data: object) -> None | ResultView:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_1 = ResultView.from_dict(data)

                return result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ResultView, data)

        result = _parse_result(d.pop("result"))

        status = GameStatus(d.pop("status"))

        type_ = cast(Literal["game_ended"], d.pop("type"))
        if type_ != "game_ended":
            raise ValueError(f"type must match const 'game_ended', got '{type_}'")

        version = d.pop("version")

        me_game_ended_event = cls(
            cursor=cursor,
            game_id=game_id,
            result=result,
            status=status,
            type_=type_,
            version=version,
        )

        me_game_ended_event.additional_properties = d
        return me_game_ended_event

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
