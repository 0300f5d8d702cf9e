from enum import StrEnum


class EventViewType2Type(StrEnum):
    RELAY = "relay"

    def __str__(self) -> str:
        return str(self.value)
