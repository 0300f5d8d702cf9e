from enum import StrEnum


class ValueSource(StrEnum):
    SEARCH = "search"
    TABLE = "table"

    def __str__(self) -> str:
        return str(self.value)
