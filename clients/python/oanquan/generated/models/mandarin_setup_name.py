from enum import StrEnum


class MandarinSetupName(StrEnum):
    BIG_STONE = "big_stone"
    SMALL_STONES = "small_stones"

    def __str__(self) -> str:
        return str(self.value)
