from enum import StrEnum


class EventViewType3Type(StrEnum):
    CAPTURE = "capture"

    def __str__(self) -> str:
        return str(self.value)
