from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tournament_view import TournamentView


T = TypeVar("T", bound="TournamentSnapshotEvent")


@_attrs_define
class TournamentSnapshotEvent:
    """The tournament as it is (`GET /v1/tournaments/{id}`): first on every
    stream, and again after a change no other message tells (players
    entering, leaving or withdrawing).

        Attributes:
            tournament (TournamentView): A tournament: its settings, players, pairings and standings.
            type_ (Literal['snapshot']):
            version (int): The tournament's changes so far: each board paired, each result,
                its end.
    """

    tournament: TournamentView
    type_: Literal["snapshot"]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tournament = self.tournament.to_dict()

        type_ = self.type_

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tournament": tournament,
                "type": type_,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_view import TournamentView  # noqa: PLC0415

        d = dict(src_dict)
        tournament = TournamentView.from_dict(d.pop("tournament"))

        type_ = cast(Literal["snapshot"], d.pop("type"))
        if type_ != "snapshot":
            raise ValueError(f"type must match const 'snapshot', got '{type_}'")

        version = d.pop("version")

        tournament_snapshot_event = cls(
            tournament=tournament,
            type_=type_,
            version=version,
        )

        tournament_snapshot_event.additional_properties = d
        return tournament_snapshot_event

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
