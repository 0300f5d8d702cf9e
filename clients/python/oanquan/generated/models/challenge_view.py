from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.challenge_status import ChallengeStatus
from ..models.decline_reason import DeclineReason

if TYPE_CHECKING:
    from ..models.game_view import GameView
    from ..models.player_summary import PlayerSummary


T = TypeVar("T", bound="ChallengeView")


@_attrs_define
class ChallengeView:
    """A challenge: the game made for the player challenged, and where it stands.

    Attributes:
        challenged (PlayerSummary):
        challenger (PlayerSummary):
        decline_reason (DeclineReason | None):
        direction (str): `in`: a challenge to you; `out`: one you made. Example: in.
        game (GameView): A game: its rules, seats, current position and result.
        id (str): The challenge's id, which is its game's id. Example: Gm4x9QzLp2.
        status (ChallengeStatus): Where a challenge stands: `pending` (waiting for the player challenged), `accepted`
            (the game began), `declined`, `cancelled` (withdrawn by the challenger) or `expired`.
    """

    challenged: PlayerSummary
    challenger: PlayerSummary
    decline_reason: DeclineReason | None
    direction: str
    game: GameView
    id: str
    status: ChallengeStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        challenged = self.challenged.to_dict()

        challenger = self.challenger.to_dict()

        decline_reason: None | str
        if isinstance(self.decline_reason, DeclineReason):
            decline_reason = self.decline_reason.value
        else:
            decline_reason = self.decline_reason

        direction = self.direction

        game = self.game.to_dict()

        id = self.id

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "challenged": challenged,
                "challenger": challenger,
                "decline_reason": decline_reason,
                "direction": direction,
                "game": game,
                "id": id,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_view import GameView  # noqa: PLC0415
        from ..models.player_summary import PlayerSummary  # noqa: PLC0415

        d = dict(src_dict)
        challenged = PlayerSummary.from_dict(d.pop("challenged"))

        challenger = PlayerSummary.from_dict(d.pop("challenger"))

        def _parse_decline_reason(data: object) -> DeclineReason | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                decline_reason_type_1 = DeclineReason(data)

                return decline_reason_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DeclineReason | None, data)

        decline_reason = _parse_decline_reason(d.pop("decline_reason"))

        direction = d.pop("direction")

        game = GameView.from_dict(d.pop("game"))

        id = d.pop("id")

        status = ChallengeStatus(d.pop("status"))

        challenge_view = cls(
            challenged=challenged,
            challenger=challenger,
            decline_reason=decline_reason,
            direction=direction,
            game=game,
            id=id,
            status=status,
        )

        challenge_view.additional_properties = d
        return challenge_view

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
