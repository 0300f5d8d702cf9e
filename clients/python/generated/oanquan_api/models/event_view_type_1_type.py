from enum import StrEnum


class EventViewType1Type(StrEnum):
    SOW = "sow"

    def __str__(self) -> str:
        return str(self.value)
