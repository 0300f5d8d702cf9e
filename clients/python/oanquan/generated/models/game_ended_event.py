from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_status import GameStatus

if TYPE_CHECKING:
    from ..models.clock_view import ClockView
    from ..models.result_view import ResultView


T = TypeVar("T", bound="GameEndedEvent")


@_attrs_define
class GameEndedEvent:
    """The game ended (by its last move, a resignation, or the clock).

    Attributes:
        clock (ClockView | None):
        result (ResultView): How a finished game ended. Example: {'reason': 'mandarins_captured', 'scores': {'north':
            37, 'south': 33}, 'winner': 'north'}.
        status (GameStatus): Where a game is in its life: `waiting` (a seat is open), `active`, `finished`, `cancelled`,
            `archived` (an imported, unfinished record), `aborted` (ended before each side made two moves; never rated) or
            `expired` (nobody joined).
        type_ (Literal['ended']):
        version (int):
    """

    clock: ClockView | None
    result: ResultView
    status: GameStatus
    type_: Literal["ended"]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.clock_view import ClockView  # noqa: PLC0415

        clock: dict[str, Any] | None
        if isinstance(self.clock, ClockView):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        result = self.result.to_dict()

        status = self.status.value

        type_ = self.type_

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clock": clock,
                "result": result,
                "status": status,
                "type": type_,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.clock_view import ClockView  # noqa: PLC0415
        from ..models.result_view import ResultView  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_clock(data: object) -> ClockView | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_1 = ClockView.from_dict(data)

                return clock_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClockView | None, data)

        clock = _parse_clock(d.pop("clock"))

        result = ResultView.from_dict(d.pop("result"))

        status = GameStatus(d.pop("status"))

        type_ = cast(Literal["ended"], d.pop("type"))
        if type_ != "ended":
            raise ValueError(f"type must match const 'ended', got '{type_}'")

        version = d.pop("version")

        game_ended_event = cls(
            clock=clock,
            result=result,
            status=status,
            type_=type_,
            version=version,
        )

        game_ended_event.additional_properties = d
        return game_ended_event

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
