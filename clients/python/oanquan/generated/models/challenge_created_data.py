from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.webhook_player import WebhookPlayer


T = TypeVar("T", bound="ChallengeCreatedData")


@_attrs_define
class ChallengeCreatedData:
    """`challenge.created`: a game offered to one player by another.

    Attributes:
        challenged_id (str): The id of the player challenged.
        game_id (str):
        rated (bool):
        version (int):
        challenger (None | Unset | WebhookPlayer):
    """

    challenged_id: str
    game_id: str
    rated: bool
    version: int
    challenger: None | Unset | WebhookPlayer = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.webhook_player import WebhookPlayer  # noqa: PLC0415

        challenged_id = self.challenged_id

        game_id = self.game_id

        rated = self.rated

        version = self.version

        challenger: dict[str, Any] | None | Unset
        if isinstance(self.challenger, Unset):
            challenger = UNSET
        elif isinstance(self.challenger, WebhookPlayer):
            challenger = self.challenger.to_dict()
        else:
            challenger = self.challenger

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "challenged_id": challenged_id,
                "game_id": game_id,
                "rated": rated,
                "version": version,
            }
        )
        if challenger is not UNSET:
            field_dict["challenger"] = challenger

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_player import WebhookPlayer  # noqa: PLC0415

        d = dict(src_dict)
        challenged_id = d.pop("challenged_id")

        game_id = d.pop("game_id")

        rated = d.pop("rated")

        version = d.pop("version")

        def _parse_challenger(data: object) -> None | Unset | WebhookPlayer:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                challenger_type_1 = WebhookPlayer.from_dict(data)

                return challenger_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | WebhookPlayer, data)

        challenger = _parse_challenger(d.pop("challenger", UNSET))

        challenge_created_data = cls(
            challenged_id=challenged_id,
            game_id=game_id,
            rated=rated,
            version=version,
            challenger=challenger,
        )

        challenge_created_data.additional_properties = d
        return challenge_created_data

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
