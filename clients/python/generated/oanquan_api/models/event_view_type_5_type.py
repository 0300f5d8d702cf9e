from enum import StrEnum


class EventViewType5Type(StrEnum):
    REFILL = "refill"

    def __str__(self) -> str:
        return str(self.value)
