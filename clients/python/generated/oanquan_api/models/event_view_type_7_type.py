from enum import StrEnum


class EventViewType7Type(StrEnum):
    GAME_END = "game_end"

    def __str__(self) -> str:
        return str(self.value)
