from enum import StrEnum


class UnratedReason(StrEnum):
    ABORTED = "aborted"
    BOT = "bot"
    CUSTOM_POSITION = "custom_position"
    CUSTOM_RULES = "custom_rules"
    PAIR_LIMIT = "pair_limit"
    TOO_SHORT = "too_short"

    def __str__(self) -> str:
        return str(self.value)
