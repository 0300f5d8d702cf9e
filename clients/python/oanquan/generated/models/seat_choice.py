from enum import StrEnum


class SeatChoice(StrEnum):
    NORTH = "north"
    RANDOM = "random"
    SOUTH = "south"

    def __str__(self) -> str:
        return str(self.value)
