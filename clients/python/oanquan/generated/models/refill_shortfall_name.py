from enum import StrEnum


class RefillShortfallName(StrEnum):
    BORROW = "borrow"
    FORFEIT = "forfeit"

    def __str__(self) -> str:
        return str(self.value)
