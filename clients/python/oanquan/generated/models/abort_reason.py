from enum import StrEnum


class AbortReason(StrEnum):
    NO_FIRST_MOVE = "no_first_move"
    REQUESTED = "requested"
    RESIGNATION = "resignation"
    TIMEOUT = "timeout"

    def __str__(self) -> str:
        return str(self.value)
