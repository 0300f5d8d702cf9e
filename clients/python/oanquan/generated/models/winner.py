from enum import StrEnum


class Winner(StrEnum):
    DRAW = "draw"
    NORTH = "north"
    SOUTH = "south"

    def __str__(self) -> str:
        return str(self.value)
