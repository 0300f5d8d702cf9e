from enum import StrEnum


class EventViewType0Type(StrEnum):
    LIFT = "lift"

    def __str__(self) -> str:
        return str(self.value)
