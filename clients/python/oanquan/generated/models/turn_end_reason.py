from enum import StrEnum


class TurnEndReason(StrEnum):
    CHAIN_ENDED = "chain_ended"
    FIRST_MOVE_MANDARIN_BAN = "first_move_mandarin_ban"
    MANDARIN_SQUARE_AHEAD = "mandarin_square_ahead"
    RELAY_CYCLE = "relay_cycle"
    TWO_EMPTY_SQUARES = "two_empty_squares"
    YOUNG_MANDARIN = "young_mandarin"

    def __str__(self) -> str:
        return str(self.value)
