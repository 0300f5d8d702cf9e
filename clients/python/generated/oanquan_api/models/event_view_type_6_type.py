from enum import StrEnum


class EventViewType6Type(StrEnum):
    FORFEIT = "forfeit"

    def __str__(self) -> str:
        return str(self.value)
