from enum import StrEnum


class EndReason(StrEnum):
    FORFEIT = "forfeit"
    MANDARINS_CAPTURED = "mandarins_captured"
    MAX_PLIES = "max_plies"
    RESIGNATION = "resignation"
    TIMEOUT = "timeout"

    def __str__(self) -> str:
        return str(self.value)
