from enum import StrEnum


class SeatName(StrEnum):
    NORTH = "north"
    SOUTH = "south"

    def __str__(self) -> str:
        return str(self.value)
