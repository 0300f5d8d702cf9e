from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.endgame_table_view import EndgameTableView


T = TypeVar("T", bound="EndgameTablesView")


@_attrs_define
class EndgameTablesView:
    """
    Attributes:
        repetition_rule (str): How positions that can repeat, and `max_plies`, are treated. Example: The rules end a
            game only by capturing both mandarin squares or at max_plies; ….
        stones (int): The most small stones on the board of a position the tables hold; 0
            when the server has no table.
        tables (list[EndgameTableView]): One table per preset (empty when `stones` is 0).
    """

    repetition_rule: str
    stones: int
    tables: list[EndgameTableView]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        repetition_rule = self.repetition_rule

        stones = self.stones

        tables = []
        for tables_item_data in self.tables:
            tables_item = tables_item_data.to_dict()
            tables.append(tables_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "repetition_rule": repetition_rule,
                "stones": stones,
                "tables": tables,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.endgame_table_view import EndgameTableView  # noqa: PLC0415

        d = dict(src_dict)
        repetition_rule = d.pop("repetition_rule")

        stones = d.pop("stones")

        tables = []
        _tables = d.pop("tables")
        for tables_item_data in _tables:
            tables_item = EndgameTableView.from_dict(tables_item_data)

            tables.append(tables_item)

        endgame_tables_view = cls(
            repetition_rule=repetition_rule,
            stones=stones,
            tables=tables,
        )

        endgame_tables_view.additional_properties = d
        return endgame_tables_view

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
