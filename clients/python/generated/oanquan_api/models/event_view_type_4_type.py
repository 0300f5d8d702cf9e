from enum import StrEnum


class EventViewType4Type(StrEnum):
    TURN_END = "turn_end"

    def __str__(self) -> str:
        return str(self.value)
